//go:build !unix

package results

const syscallNoFollow = 0

const syscallNonBlock = 0
