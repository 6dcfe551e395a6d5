package watch

import (
	"testing"

	"github.com/nzsclab/nzsc/internal/webtest"
)

// Mounted as nzsc serve mounts it, under a prefix, the page and its API
// answer, whichever way the prefix is stripped.
func TestMounted(t *testing.T) {
	webtest.Mounted(t, "/watch/", New(Options{}), map[string]string{"": "<title>Watch", "watch.js": "api(", "api/bots": `"name":"classic"`, "api/nothing": `"error"`})
}
