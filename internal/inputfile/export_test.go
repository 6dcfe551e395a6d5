package inputfile

// ReadAllMax is ReadAll with another limit than MaxSize.
var ReadAllMax = readAll
