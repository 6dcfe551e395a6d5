package webtest

import "testing"

func TestRoutePath(t *testing.T) {
	for i, c := range []struct{ pattern, method, path string }{
		{"POST /api/play/{id}", "POST", "/api/play/x"},
		{"/static/", "", "/static/"},
		{"GET /{$}", "GET", "/"},
		{"GET /api/runs/{run}/files/{path...}", "GET", "/api/runs/x/files/x"},
	} {
		if m, p := RoutePath(c.pattern); m != c.method || p != c.path {
			t.Errorf("case %d %q: got %q %q, want %q %q", i, c.pattern, m, p, c.method, c.path)
		}
	}
}
