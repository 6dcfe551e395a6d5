// Package docs holds the project's documentation (README.md is one level
// up); its one job in Go is its test, which runs every command the
// documentation shows and checks the outputs shown, so that the docs
// cannot go stale. doc_test.go says how commands are shown.
package docs
