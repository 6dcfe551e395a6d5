//go:build !unix

package agents

import "io/fs"

// noFollow is not available: O_EXCL alone keeps existing files safe.
const noFollow = 0

// checkOwner leaves the per-user cache directory's access control to
// the system.
func checkOwner(dir string, fi fs.FileInfo) error { return nil }
