package results

// TryLockFile lets the external tests hold a file as a merge under way
// does.
var TryLockFile = tryLockFile
