package bundle

import "strconv"

// walkTimes visits the status time fields under v, found at path. Maps are
// walked in their own order: every caller's result is independent of it.
func walkTimes(v any, path []string, fn func(parent map[string]any, key string, path []string)) {
	if len(path) > maxWalkDepth {
		return
	}
	switch t := v.(type) {
	case map[string]any:
		for k, child := range t {
			if statusTimeFields[k] && !isContainer(child) {
				fn(t, k, path)
				continue
			}
			if isContainer(child) {
				walkTimes(child, append(path, k), fn)
			}
		}
	case []any:
		for i, child := range t {
			if isContainer(child) {
				walkTimes(child, append(path, indexElem(i)), fn)
			}
		}
	}
}

// indexElems are the path elements of the first list indexes, so that
// walking a status allocates nothing.
var indexElems = func() (e [64]string) {
	for i := range e {
		e[i] = "[" + strconv.Itoa(i) + "]"
	}
	return e
}()

func indexElem(i int) string {
	if i < len(indexElems) {
		return indexElems[i]
	}
	return "[" + strconv.Itoa(i) + "]"
}
