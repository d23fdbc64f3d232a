package yamlfast

import (
	"math"
	"strconv"
	"strings"
)

// resolveHint mirrors goyaml.v2's resolve table: a plain scalar whose first
// byte has no hint is always a string.
var resolveHint = func() (t [256]byte) {
	t['+'], t['-'] = 'S', 'S'
	for c := '0'; c <= '9'; c++ {
		t[c] = 'D'
	}
	for _, c := range "yYnNtTfFoO~" {
		t[c] = 'M'
	}
	t['.'] = '.'
	return t
}()

// resolve turns a plain scalar into its value, boxing strings through the
// cache.
func (d *Decoder) resolve(s string) (any, bool) {
	if resolveHint[s[0]] == 0 {
		return d.box.str(s), true
	}
	v, ok := resolvePlain(s)
	if str, isString := v.(string); isString {
		return d.box.str(str), ok
	}
	return v, ok
}

// resolvePlain repeats goyaml.v2's resolve for an untagged plain scalar and
// then what the JSON round trip does to the result: ints become int64,
// integral floats within int64 become int64, uint64 beyond int64 becomes
// float64. Infinity and NaN, which JSON cannot carry, are refused, as is
// the merge key.
func resolvePlain(in string) (any, bool) {
	switch in {
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return true, true
	case "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return false, true
	case "", "~", "null", "Null", "NULL":
		return nil, true
	case ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF",
		"-.inf", "-.Inf", "-.INF", "<<":
		return nil, false
	}
	switch resolveHint[in[0]] {
	case '.':
		if f, err := strconv.ParseFloat(in, 64); err == nil {
			return jsonFloat(f)
		}
	case 'D', 'S':
		return resolveNumber(in)
	}
	return in, true
}

// resolveNumber is the digit and sign branch of goyaml.v2's resolve.
func resolveNumber(in string) (any, bool) {
	if isTimestamp(in) {
		return in, true // v2 keeps timestamps as strings in interface{}
	}
	plain := in
	if strings.IndexByte(in, '_') >= 0 {
		plain = strings.ReplaceAll(in, "_", "")
	}
	if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return i, true
	}
	if u, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return jsonUint(u)
	}
	if yamlStyleFloat(plain) {
		if f, err := strconv.ParseFloat(plain, 64); err == nil {
			return jsonFloat(f)
		}
	}
	if strings.HasPrefix(plain, "0b") {
		if i, err := strconv.ParseInt(plain[2:], 2, 64); err == nil {
			return i, true
		}
		if u, err := strconv.ParseUint(plain[2:], 2, 64); err == nil {
			return jsonUint(u)
		}
	} else if strings.HasPrefix(plain, "-0b") {
		if i, err := strconv.ParseInt("-"+plain[3:], 2, 64); err == nil {
			return i, true
		}
	}
	return in, true
}

// jsonFloat is what encoding/json then PreserveInts make of a float64:
// integral ones below 1e21 print as their shortest digits padded with
// zeros, without a fraction, and come back as int64 when that text fits.
func jsonFloat(f float64) (any, bool) {
	switch {
	case math.IsInf(f, 0) || math.IsNaN(f):
		return nil, false
	case f != math.Trunc(f) || math.Abs(f) >= 1e21:
		return f, true
	case math.Abs(f) < 1<<53:
		return int64(f), true
	}
	if i, err := strconv.ParseInt(strconv.FormatFloat(f, 'f', -1, 64), 10, 64); err == nil {
		return i, true
	}
	return f, true
}

// jsonUint is what the round trip makes of a uint64 beyond int64: its
// decimal text read back as float64.
func jsonUint(u uint64) (any, bool) {
	f, err := strconv.ParseFloat(strconv.FormatUint(u, 10), 64)
	return f, err == nil
}
