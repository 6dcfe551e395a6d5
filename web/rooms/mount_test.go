package rooms

import (
	"testing"

	"github.com/nzsclab/nzsc/internal/webtest"
)

// Mounted as nzsc serve mounts it, under a prefix, the page and its API
// answer, whichever way the prefix is stripped.
func TestMounted(t *testing.T) {
	webtest.Mounted(t, "/rooms/", New(Options{}), map[string]string{"": "<title>Rooms", "rooms.js": "api(", "api/rooms/zz00": `"error"`, "api/nothing": `"error"`})
}
