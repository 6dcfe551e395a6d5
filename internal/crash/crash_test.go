package crash

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

func boom() error {
	var m map[string]int
	//lint:ignore SA5000 the test needs a real runtime panic
	m["x"] = 1 // assignment to a nil map
	return nil
}

func TestGuard(t *testing.T) {
	err := Guard(boom)
	p := As(fmt.Errorf("wrapped: %w", err))
	if p == nil {
		t.Fatalf("Guard(boom) = %v, want a *Panic", err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "internal error: ") || strings.Contains(msg, "\n") {
		t.Errorf("message %q: want one line starting with \"internal error: \"", msg)
	}
	if !strings.Contains(string(p.Stack), "crash.boom") {
		t.Errorf("stack does not name the panicking function:\n%s", p.Stack)
	}
	if err := Guard(func() error { return errors.New("plain") }); As(err) != nil || err.Error() != "plain" {
		t.Errorf("Guard of a plain error gave %v", err)
	}
	dir := t.TempDir()
	path, err := Write(dir, p, []string{"nzsc", "x"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "crash.boom") || !strings.Contains(string(b), "nil map") {
		t.Errorf("details file lacks the stack or value:\n%s", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("details file mode %v, want 0600", fi.Mode().Perm())
	}
}

func ExampleGuard() {
	err := Guard(func() error { panic("unreachable state") })
	fmt.Println(err)
	// Output: internal error: unreachable state
}
