package report

import (
	"bytes"
	"html/template"
	"io"
	"slices"
)

// pageGenerator marks the pages this package renders, near their start
// (IsPage), so that a command replaces an existing file with a page only
// when that file is an earlier page, never a file of the user's.
const pageGenerator = "nzsc report"

// pageMark is how pageGenerator appears in a page.
const pageMark = `<meta name="generator" content="` + pageGenerator + `">`

// IsPage reports whether head, the start of a file (its first
// kilobyte will do), is the start of a page this package rendered.
func IsPage(head []byte) bool {
	return bytes.HasPrefix(head, []byte("<!DOCTYPE html>")) && bytes.Contains(head, []byte(pageMark))
}

// renderPage writes a report page. A CSV is embedded once, in its first
// link; later links to it point there, and the page's script gives them
// the same download.
func renderPage(w io.Writer, pg *hpage) error {
	seen := map[string]bool{}
	var walk func(secs []*hsection)
	walk = func(secs []*hsection) {
		for _, sec := range secs {
			sec.Downloads = slices.Clone(sec.Downloads) // sections may share one slice
			for k, d := range sec.Downloads {
				if d.Name == "" {
					continue
				}
				if seen[d.Name] {
					sec.Downloads[k].Href = template.URL("#dl-" + d.Name)
				} else {
					sec.Downloads[k].ID = "dl-" + d.Name
				}
				seen[d.Name] = true
			}
			walk(sec.Subs)
		}
	}
	walk(pg.Sections)
	return pageTemplate.Execute(w, pg)
}

var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
` + pageMark + `
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 76rem; padding: 0 1rem 3rem; color: #1d1d1f; background: #fff; }
h1 { font-size: 1.5rem; margin: 1.2rem 0 .3rem; }
h2 { font-size: 1.2rem; margin: 2.2rem 0 .4rem; padding-top: .6rem; border-top: 1px solid #ddd; }
h3 { font-size: 1.05rem; margin: 1.4rem 0 .3rem; }
p { margin: .3rem 0; max-width: 48rem; }
.info { color: #444; }
.warn { color: #8a1c00; font-weight: 600; }
nav { margin: .8rem 0; display: flex; flex-wrap: wrap; gap: .25rem .9rem; font-size: .92rem; }
nav a, .dl a { color: #0b57d0; }
.legend { color: #555; font-size: .9rem; }
.fig { overflow-x: auto; margin: .8rem 0; }
/* A box that scrolls sideways shows a shadow on the side with more. */
.fig, .tbl { background:
  linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 2rem 100% no-repeat local,
  linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 2rem 100% no-repeat local,
  radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.2), transparent) left / .7rem 100% no-repeat scroll,
  radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.2), transparent) right / .7rem 100% no-repeat scroll; }
svg.chart { display: block; width: 100%; height: auto; font: 12px system-ui, -apple-system, "Segoe UI", sans-serif; fill: #1d1d1f; }
svg.chart .ttl { font-size: 14px; font-weight: 600; }
svg.chart .axt { font-size: 12px; fill: #555; font-style: italic; }
svg.chart .hv:hover rect, svg.chart .hv:hover circle, svg.chart .hv:hover path { stroke: #000; stroke-width: 2; }
.tbl { overflow-x: auto; margin: .6rem 0; max-width: 100%; }
table { border-collapse: collapse; font-size: .88rem; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: .2rem 0; caption-side: top; }
th, td { padding: .22rem .5rem; border-bottom: 1px solid #e6e6e6; text-align: left; white-space: nowrap; }
th { background: #f4f5f7; vertical-align: bottom; white-space: normal; min-width: 3.5rem; }
th.num, td.num { text-align: right; }
th button { all: unset; cursor: pointer; display: block; width: 100%; }
th button:focus-visible { outline: 2px solid #0b57d0; }
th[aria-sort=ascending] button::after { content: " ▲"; font-size: .7em; }
th[aria-sort=descending] button::after { content: " ▼"; font-size: .7em; }
tbody tr:hover td { background: #f7f9fc; }
/* The row labels stay in view while a wide table scrolls. */
th:first-child, td:first-child { position: sticky; left: 0; background: #fff; z-index: 1; }
th:first-child { background: #f4f5f7; }
td[title] { cursor: help; }
.note { color: #555; font-size: .88rem; }
.dl { font-size: .88rem; margin: .3rem 0; }
details { margin: .5rem 0; }
summary { cursor: pointer; color: #0b57d0; font-size: .92rem; }
#tip { position: fixed; z-index: 10; max-width: min(26rem, 90vw); background: #1d1d1f; color: #fff; font-size: .85rem; line-height: 1.35; padding: .4rem .55rem; border-radius: 4px; pointer-events: none; display: none; }
footer { margin-top: 3rem; color: #777; font-size: .85rem; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{range .Info}}<p class="info">{{.}}</p>
{{end}}{{range .Warnings}}<p class="warn">{{.}}</p>
{{end}}{{range .Answer}}<p><strong>{{.}}</strong></p>
{{end}}{{if .Sections}}<nav aria-label="sections">{{range .Sections}}<a href="#{{.ID}}">{{.Title}}</a>{{end}}</nav>
<p class="legend">{{.Legend}}</p>
{{end}}{{range .Sections}}{{template "section" .}}{{end}}
<div id="tip" role="tooltip"></div>
<footer>Self-contained page: it loads nothing, so it works offline and can be mailed as one file. Charts are SVG, tables sort in the page, and the CSV downloads are embedded (those named as a run directory's files are those files, docs/results-format.md).</footer>
<script>
"use strict";
(function () {
  // Sortable tables: a header click sorts by its column (numbers by
  // their data-k key, empty keys last), a second click reverses.
  function key(td) { return td ? td.getAttribute("data-k") : null; }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var ths = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(ths, function (th, col) {
      var b = th.querySelector("button");
      if (!b) return;
      b.addEventListener("click", function () {
        var num = th.classList.contains("num");
        var cur = th.getAttribute("aria-sort");
        var dir = cur === "descending" ? 1 : cur === "ascending" ? -1 : (num ? -1 : 1);
        Array.prototype.forEach.call(ths, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
        var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var ca = a.cells[col], cb = b.cells[col];
          if (num) {
            var ka = key(ca), kb = key(cb);
            var ea = ka === null || ka === "", eb = kb === null || kb === "";
            if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
            return dir * (parseFloat(ka) - parseFloat(kb));
          }
          return dir * ca.textContent.localeCompare(cb.textContent);
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
  // A CSV is embedded in its first link only: the others take its URL.
  var first = {};
  document.querySelectorAll("a.csv").forEach(function (a) {
    var n = a.getAttribute("data-name"), h = a.getAttribute("href");
    if (h.indexOf("data:") === 0) first[n] = h;
    else if (first[n]) a.setAttribute("href", first[n]);
  });
  // Chart tooltips: each mark's <title> becomes its tooltip (also on
  // tap), shown at once rather than after the browser's delay.
  var tip = document.getElementById("tip");
  document.querySelectorAll("svg.chart .hv").forEach(function (g) {
    var t = g.querySelector("title");
    if (!t) return;
    g.setAttribute("data-tip", t.textContent);
    g.setAttribute("aria-label", t.textContent);
    t.remove();
  });
  function show(e) {
    var g = e.target.closest ? e.target.closest("[data-tip]") : null;
    if (!g) { tip.style.display = "none"; return; }
    tip.textContent = g.getAttribute("data-tip");
    tip.style.display = "block";
    var x = e.clientX + 14, y = e.clientY + 14;
    var w = tip.offsetWidth, h = tip.offsetHeight;
    if (x + w > window.innerWidth - 4) x = Math.max(4, e.clientX - w - 10);
    if (y + h > window.innerHeight - 4) y = Math.max(4, e.clientY - h - 10);
    tip.style.left = x + "px";
    tip.style.top = y + "px";
  }
  document.addEventListener("pointermove", show);
  document.addEventListener("pointerdown", show);
  document.addEventListener("scroll", function () { tip.style.display = "none"; }, true);
})();
</script>
</body>
</html>
{{define "section"}}<section id="{{.ID}}">
{{if .Subs}}<h2>{{.Title}}</h2>{{else}}<h2>{{.Title}}</h2>{{end}}
{{if .Intro}}<p>{{.Intro}}</p>{{end}}
{{if .Downloads}}<p class="dl">Download: {{range $i, $d := .Downloads}}{{if $i}} · {{end}}<a class="csv"{{if $d.ID}} id="{{$d.ID}}"{{end}} download="{{$d.Name}}" data-name="{{$d.Name}}" href="{{$d.Href}}">{{$d.Name}}</a>{{end}}</p>{{end}}
{{range .Charts}}{{if .}}<div class="fig">{{.}}</div>
{{end}}{{end}}{{range .Tables}}{{template "table" .}}{{end}}
{{range .Subs}}<section id="{{.ID}}"><h3>{{.Title}}</h3>
{{if .Intro}}<p>{{.Intro}}</p>{{end}}
{{if .Downloads}}<p class="dl">Download: {{range $i, $d := .Downloads}}{{if $i}} · {{end}}<a class="csv"{{if $d.ID}} id="{{$d.ID}}"{{end}} download="{{$d.Name}}" data-name="{{$d.Name}}" href="{{$d.Href}}">{{$d.Name}}</a>{{end}}</p>
{{end}}{{range .Charts}}{{if .}}<div class="fig">{{.}}</div>
{{end}}{{end}}{{range .Tables}}{{template "table" .}}{{end}}</section>
{{end}}</section>
{{end}}
{{define "table"}}{{if .Collapsed}}<details><summary>{{if .Caption}}{{.Caption}}{{else}}Table{{end}}</summary>{{end}}
<div class="tbl"><table id="{{.ID}}" class="sortable">{{if and .Caption (not .Collapsed)}}<caption>{{.Caption}}</caption>{{end}}
<thead><tr>{{range .Head}}<th{{if .Num}} class="num"{{end}} scope="col"><button type="button">{{.HTML}}</button></th>{{end}}</tr></thead>
<tbody>{{range .Rows}}<tr>{{range .}}<td{{if .Num}} class="num" data-k="{{.Key}}"{{end}}{{if .Title}} title="{{.Title}}"{{end}}>{{.Text}}</td>{{end}}</tr>
{{end}}</tbody></table></div>{{if .Note}}<p class="note">{{.Note}}</p>{{end}}
{{if .Collapsed}}</details>{{end}}{{end}}`))
