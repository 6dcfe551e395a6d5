package report

import (
	"bytes"
	"context"
	"encoding/base64"
	"html"
	"image"
	_ "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/analysis"
)

// TestHTMLSelfContained: the page embeds every plot as a PNG that
// decodes, and refers to nothing outside itself.
func TestHTMLSelfContained(t *testing.T) {
	tt := fixture([]string{"nash", "greedy", "random"}, nil)
	var b bytes.Buffer
	if err := HTML(&b, analysis.Summarize(tt), fixtureManifest(tt)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	imgs := regexp.MustCompile(`src="data:image/png;base64,([^"]+)"`).FindAllStringSubmatch(page, -1)
	if len(imgs) != 8 {
		t.Fatalf("%d embedded PNGs, want 8 (ratings, cross-table, loadouts, characters, boosters, 3 bots)", len(imgs))
	}
	for i, m := range imgs {
		// html/template writes '+' as &#43; inside attributes.
		raw, err := base64.StdEncoding.DecodeString(html.UnescapeString(m[1]))
		if err != nil {
			t.Fatalf("plot %d: %v", i, err)
		}
		img, _, err := image.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("plot %d: %v", i, err)
		}
		if r := img.Bounds(); r.Dx() < 200 || r.Dy() < 100 {
			t.Errorf("plot %d is only %v", i, r)
		}
	}
	for _, ext := range []string{"http://", "https://", `src="/`, `href="`} {
		if strings.Contains(page, ext) {
			t.Errorf("page refers to something outside itself: %q", ext)
		}
	}
}

// chromiumPath is Debian's chromium, which .ci/run installs.
const chromiumPath = "/usr/bin/chromium"

// TestHTMLInChromium opens the page in headless Chromium: the page's own
// script reports how many plots decoded, and a screenshot must show the
// heat maps' colours.
func TestHTMLInChromium(t *testing.T) {
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("%s not found: skipping the browser check (Debian: apt-get install chromium)", chromiumPath)
	}
	if testing.Short() {
		t.Skip("browser check skipped in -short mode")
	}
	dir := t.TempDir()
	tt := fixture([]string{"nash", "greedy", "mcts", "random"}, nil)
	var b bytes.Buffer
	if err := HTML(&b, analysis.Summarize(tt), fixtureManifest(tt)); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "report.html")
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	chrome := func(extra ...string) ([]byte, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--user-data-dir=" + filepath.Join(dir, "profile"), "--hide-scrollbars"}, extra...)
		args = append(args, "file://"+page)
		cmd := exec.CommandContext(ctx, chromiumPath, args...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		if err != nil {
			t.Logf("chromium stderr: %s", errb.String())
		}
		return out.Bytes(), err
	}
	dom, err := chrome("--virtual-time-budget=5000", "--dump-dom")
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	if !strings.Contains(string(dom), "plots rendered: 9 of 9") {
		m := regexp.MustCompile(`plot-status">[^<]*`).FindString(string(dom))
		t.Errorf("page script says %q, want every plot rendered", m)
	}
	shot := filepath.Join(dir, "shot.png")
	if _, err := chrome("--window-size=1000,3000", "--screenshot="+shot); err != nil {
		t.Fatalf("chromium --screenshot: %v", err)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// Count strongly coloured pixels (the heat maps' reds and blues):
	// text and axes are grey, so a page whose plots failed has none.
	colored := 0
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			hi, lo := max(cr, cg, cb)>>8, min(cr, cg, cb)>>8
			if hi-lo > 60 {
				colored++
			}
		}
	}
	if colored < 2000 {
		t.Errorf("screenshot has %d coloured sample pixels; the heat maps did not render", colored)
	}
}
