//go:build !unix

package results

const syscallNoFollow = 0
