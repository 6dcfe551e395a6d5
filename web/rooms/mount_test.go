package rooms

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Mounted as nzsc serve mounts it, under a prefix, the page and its API
// answer, whichever way the prefix is stripped.
func TestMounted(t *testing.T) {
	for _, strip := range []string{"/rooms", "/rooms/"} {
		mux := http.NewServeMux()
		mux.Handle("/rooms/", http.StripPrefix(strip, New(Options{})))
		srv := httptest.NewServer(mux)
		for path, want := range map[string]string{"/rooms/": "<title>Rooms", "/rooms/rooms.js": "api(", "/rooms/api/rooms/zz00": `"error"`, "/rooms/api/nothing": `"error"`} {
			resp, err := http.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if !strings.Contains(string(b), want) {
				t.Errorf("StripPrefix(%q): GET %s: %d %q, want it to hold %q", strip, path, resp.StatusCode, b, want)
			}
		}
		srv.Close()
	}
}
