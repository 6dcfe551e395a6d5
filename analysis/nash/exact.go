package nash

import "math/big"

// blandExact is the last resort of the Bland solver: the same tableau
// simplex in exact rational arithmetic. A float64 is an exact rational,
// so this solves the given game exactly, and Bland's rule provably
// terminates; only the final conversion of the strategies to float64
// rounds. It is slow and allocates, which is why it only runs when every
// float tier fails its certificate (adversarial near-tied games whose
// optimal bases are nearly singular).
func blandExact(a []float64, m, n int, row, col []float64) error {
	ar := make([][]*big.Rat, m)
	for i := range m {
		ar[i] = make([]*big.Rat, n)
		for j := range n {
			ar[i][j] = new(big.Rat).SetFloat64(a[i*n+j])
		}
	}
	x, y, err := simplexRat(ar)
	if err != nil {
		return err
	}
	for i, v := range x {
		row[i], _ = v.Float64()
	}
	for j, v := range y {
		col[j], _ = v.Float64()
	}
	return nil
}

// simplexRat solves the zero-sum game a (rows maximize) exactly: the
// Bland simplex of blandGame, in big.Rat, on the payoffs shifted so that
// the smallest is 1. Exact falls back on it when the LP's float
// equilibrium is not an exact one.
func simplexRat(a [][]*big.Rat) (row, col []*big.Rat, err error) {
	m, n := len(a), len(a[0])
	lo := a[0][0]
	for _, r := range a {
		for _, v := range r {
			if v.Cmp(lo) < 0 {
				lo = v
			}
		}
	}
	w := n + m + 1
	tab := make([]big.Rat, (m+1)*w)
	var shift, one big.Rat
	one.SetInt64(1)
	shift.Sub(&one, lo) // 1 - lo
	basis := make([]int, m)
	for i := range m {
		r := tab[i*w : i*w+w]
		for j := range n {
			r[j].Add(a[i][j], &shift)
		}
		r[n+i].SetInt64(1)
		r[w-1].SetInt64(1)
		basis[i] = n + i
	}
	obj := tab[m*w : m*w+w]
	for j := range n {
		obj[j].SetInt64(1)
	}
	var ratio, best, f, tmp big.Rat
	for {
		e := -1
		for j := 0; j < n+m; j++ {
			if obj[j].Sign() > 0 {
				e = j
				break
			}
		}
		if e < 0 {
			break
		}
		leave := -1
		for i := range m {
			t := &tab[i*w+e]
			if t.Sign() <= 0 {
				continue
			}
			ratio.Quo(&tab[i*w+w-1], t)
			if leave < 0 {
				leave = i
				best.Set(&ratio)
				continue
			}
			if c := ratio.Cmp(&best); c < 0 || c == 0 && basis[i] < basis[leave] {
				leave = i
				best.Set(&ratio)
			}
		}
		if leave < 0 {
			return nil, nil, ErrCertificate
		}
		pr := tab[leave*w : leave*w+w]
		f.Inv(&pr[e])
		for j := range pr {
			pr[j].Mul(&pr[j], &f)
		}
		for i := 0; i <= m; i++ {
			if i == leave {
				continue
			}
			ri := tab[i*w : i*w+w]
			if ri[e].Sign() == 0 {
				continue
			}
			f.Set(&ri[e])
			for j := range ri {
				tmp.Mul(&f, &pr[j])
				ri[j].Sub(&ri[j], &tmp)
			}
		}
		basis[leave] = e
	}
	// w_j from the right-hand sides, u_i = -(reduced cost of slack i);
	// both sum to 1/v' exactly.
	var sum big.Rat
	ws := make([]big.Rat, n)
	for i, b := range basis {
		if b < n {
			ws[b].Set(&tab[i*w+w-1])
			sum.Add(&sum, &ws[b])
		}
	}
	if sum.Sign() <= 0 {
		return nil, nil, ErrCertificate
	}
	sum.Inv(&sum)
	row, col = make([]*big.Rat, m), make([]*big.Rat, n)
	for j := range n {
		col[j] = new(big.Rat).Mul(&ws[j], &sum)
	}
	for i := range m {
		row[i] = new(big.Rat).Neg(&obj[n+i])
		row[i].Mul(row[i], &sum)
	}
	return row, col, nil
}
