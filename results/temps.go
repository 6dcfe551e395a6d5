package results

import "strings"

// A file the lab writes whole is first written under a temporary name
// beside it, ".NAME.nzsc-KIND-XXXXXXXX" (tempPrefix, then tempDigits hex
// digits), and renamed or linked to NAME when complete. Only a file of
// exactly that shape is ever removed as what a killed writer left: the
// mark and the fixed suffix make it the lab's own, where the names of
// earlier versions (isOlderTemp) were shapes a user's hidden file may
// have, and the holder of a run directory's lock removed such a file.
const tempMark = ".nzsc-"

// tempDigits is the length of a temporary name's random suffix (hex).
const tempDigits = 8

// The kinds of temporary file, by what writes them.
const (
	tempReplace = "tmp"     // a file written whole and renamed over NAME (replaceWith)
	tempRewrite = "rewrite" // a games log rewritten: a resume's reopen, a sort
	tempMerge   = "merge"   // a merged games log, linked to NAME when whole
)

// tempPrefix is the name of the temporary files of kind that become the
// file target (a base name), but for their random suffix.
func tempPrefix(target, kind string) string {
	return "." + target + tempMark + kind + "-"
}

// parseTemp reports whether name is a temporary file's (tempPrefix and
// its suffix), and which file of which kind it was becoming.
func parseTemp(name string) (target, kind string, ok bool) {
	if len(name) < 1+tempDigits || name[0] != '.' {
		return "", "", false
	}
	for _, c := range name[len(name)-tempDigits:] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", "", false
		}
	}
	rest, ok := strings.CutSuffix(name[1:len(name)-tempDigits], "-")
	i := strings.LastIndex(rest, tempMark)
	if !ok || i < 1 {
		return "", "", false
	}
	target, kind = rest[:i], rest[i+len(tempMark):]
	if kind != tempReplace && kind != tempRewrite && kind != tempMerge {
		return "", "", false
	}
	return target, kind, true
}

// isOlderTemp reports whether name has the shape of a temporary file of
// a run directory as versions before the mark named them: ".FILE.tmpX"
// (FILE a run's manifest, counts or table) or ".LOG.merge-X" (a merged
// log), X without a dot. Such a file may be a killed writer's or the
// user's: a directory holding it with no manifest is still taken as
// empty by a new run (leftOver), as before, but it is never removed.
func isOlderTemp(name string) bool {
	if !strings.HasPrefix(name, ".") {
		return false
	}
	if i := strings.LastIndex(name, ".merge-"); i > 1 && !strings.Contains(name[i+len(".merge-"):], ".") {
		return true
	}
	i := strings.LastIndex(name, ".tmp")
	if i < 1 || strings.Contains(name[i+len(".tmp"):], ".") {
		return false
	}
	f := name[1:i]
	return f == ManifestFile || f == CountsFile || strings.HasSuffix(f, ".csv")
}
