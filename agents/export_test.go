package agents

// MustAgent lets the external tests build a bot as the internal ones do.
var MustAgent = mustAgent
