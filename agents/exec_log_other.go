//go:build !unix

package agents

import (
	"fmt"
	"os"
)

// noFollow is not available: O_EXCL alone keeps existing files safe.
const noFollow = 0

// checkPrivateDir checks that dir is a directory; the per-user cache
// directory's access control is the system's.
func checkPrivateDir(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}
