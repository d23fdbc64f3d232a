package yamlfast

// maxKey is below goyaml.v2's 1024-character limit on implicit keys, so a
// key it would refuse is never accepted here.
const maxKey = 1000

// atSeqItem reports whether the current token is a block sequence dash.
func (d *Decoder) atSeqItem() bool {
	i := d.i
	return d.src[i] == '-' && (i+1 == len(d.src) || d.src[i+1] == ' ' || d.src[i+1] == '\n')
}

// atKey reports whether the current line, from the current token, is a
// mapping entry: a key on this line followed by ": " or a colon at the end
// of the line.
func (d *Decoder) atKey() bool {
	_, _, ok := d.scanKey()
	return ok
}

// key decodes a mapping key and its colon, leaving the position just after
// the colon. Keys that goyaml.v2 would resolve to anything but a string
// (true, 1, null, <<) are refused, as the conversion of such keys to JSON
// is not worth repeating here.
func (d *Decoder) key() (string, bool) {
	k, colon, ok := d.scanKey()
	if !ok || colon-d.i > maxKey {
		return "", false
	}
	if q := d.src[d.i]; q == '"' || q == '\'' {
		s, ok := d.quoted(-1)
		if !ok {
			return "", false
		}
		k = s
	} else if !plainKey(k) {
		return "", false
	}
	d.i = colon + 1
	return k, true
}

// scanKey finds the colon ending the key that starts at the current token.
// For a plain key it returns the key text without trailing spaces.
func (d *Decoder) scanKey() (key string, colon int, ok bool) {
	src, i := d.src, d.i
	end := d.lineEnd(i)
	j := i
	if q := src[i]; q == '"' || q == '\'' {
		j = quotedEnd(src[:end], i)
		if j < 0 {
			return "", 0, false
		}
		for j < end && src[j] == ' ' {
			j++
		}
		if j < end && src[j] == ':' && (j+1 == end || src[j+1] == ' ') {
			return "", j, true
		}
		return "", 0, false
	}
	if !plainStart(src[i:end]) {
		return "", 0, false
	}
	for ; j < end; j++ {
		switch src[j] {
		case ':':
			if j+1 == end || src[j+1] == ' ' {
				k := j
				for k > i && src[k-1] == ' ' {
					k--
				}
				return src[i:k], j, true
			}
		case ' ':
			if j+1 < end && src[j+1] == '#' {
				return "", 0, false
			}
		case '\t':
			return "", 0, false
		}
	}
	return "", 0, false
}

// quotedEnd returns the index just past the quoted scalar starting at i
// and closing on the same line of s, or -1.
func quotedEnd(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch {
		case q == '"' && s[j] == '\\':
			j++
		case s[j] != q:
		case q == '\'' && j+1 < len(s) && s[j+1] == '\'':
			j++
		default:
			return j + 1
		}
	}
	return -1
}

// plainKey reports whether a plain key resolves to a string.
func plainKey(k string) bool {
	if k == "" || k == "<<" {
		return false
	}
	if resolveHint[k[0]] == 0 {
		return true
	}
	_, isString, ok := resolvePlain(k)
	return ok && isString
}

// plainStart reports whether s can begin a plain scalar in block context.
// Indicators that are legal there in some positions ("?x", ":x") are
// refused too; emitters quote such values.
func plainStart(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case '-':
		return len(s) > 1 && s[1] != ' ' && s[1] != '\t'
	case '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`', ' ', '\t':
		return false
	}
	return true
}
