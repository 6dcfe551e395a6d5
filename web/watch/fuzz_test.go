package watch

import (
	"bufio"
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
)

// FuzzUpload sends any bytes to the Watch page's record upload (POST
// /api/record), seeded with real records of every game (engine/games'
// fuzz corpus: tournaments, matches, forfeits of a crashing external
// bot) and the audit's out-of-range fields: the answer is a narration
// (200) or a one-line JSON error (4xx), never a panic or a 5xx.
func FuzzUpload(f *testing.F) {
	file, err := os.Open("../../engine/games/testdata/records.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f.Add(bytes.Clone(sc.Bytes()))
	}
	file.Close()
	for _, s := range []string{`{"forfeit":7}`, `{"format":"nzsc-record","version":1,"game":"npzr","seats":2,"seed":"0x1","result":{"winner":0,"steps":99,"forfeit":7}}`, `[]`, `null`, ``} {
		f.Add([]byte(s))
	}
	h := New(Options{})
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest("POST", "/api/record", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK && (w.Code < 400 || w.Code >= 500 || bytes.Count(w.Body.Bytes(), []byte("\n")) != 1) {
			t.Fatalf("upload %.200q: %d %.300q", body, w.Code, w.Body.String())
		}
	})
}
