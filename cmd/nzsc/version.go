package main

import "runtime/debug"

// version is set at build time with -ldflags "-X main.version=..."; it
// falls back to the module version the Go toolchain recorded.
var version = ""

// Version returns the program version recorded in run manifests.
func Version() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "devel"
}
