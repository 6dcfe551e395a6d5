package crash

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"time"
)

// Panic is a recovered panic: its value and the stack of the goroutine
// that panicked.
type Panic struct {
	Value any
	Stack []byte
}

// Error returns one line: "internal error: VALUE".
func (p *Panic) Error() string { return fmt.Sprintf("internal error: %v", p.Value) }

// Recover, deferred, turns a panic of its goroutine into a *Panic stored
// in *err (replacing what the function returned). It must be called
// directly by the deferred call, as recover must.
//
//	defer crash.Recover(&err)
func Recover(err *error) {
	if v := recover(); v != nil {
		*err = &Panic{Value: v, Stack: debug.Stack()}
	}
}

// Guard runs f, turning a panic in it into a *Panic error.
func Guard(f func() error) (err error) {
	defer Recover(&err)
	return f()
}

// As returns the *Panic in err's chain, or nil.
func As(err error) *Panic {
	var p *Panic
	if errors.As(err, &p) {
		return p
	}
	return nil
}

// Write saves p's details (the time, the program's arguments, the
// panic's value and stack) to a new file in dir (os.TempDir() when dir
// is empty), created with a unique name and mode 0600, and returns its
// path.
func Write(dir string, p *Panic, args []string) (string, error) {
	f, err := os.CreateTemp(dir, "nzsc-crash-*.txt")
	if err != nil {
		return "", err
	}
	_, err = fmt.Fprintf(f, "time: %s\nargs: %q\npanic: %v\n\n%s", time.Now().UTC().Format(time.RFC3339), args, p.Value, p.Stack)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}
