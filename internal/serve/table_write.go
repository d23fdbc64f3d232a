package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// writeTable streams a list as a Table: the head through encoding/json,
// then the rows, which rows writes, so that a page of thousands of rows is
// never built as one value.
func (c *catalog) writeTable(w http.ResponseWriter, res *resource, meta metav1.ListMeta, sh shape, rows func(*bufio.Writer)) {
	defs, _ := c.printer(res)
	head, err := json.Marshal(metav1.Table{TypeMeta: metav1.TypeMeta{Kind: "Table", APIVersion: "meta.k8s.io/" + sh.table}, ListMeta: meta, ColumnDefinitions: defs})
	const tail = `"rows":null}`
	if err != nil || !bytes.HasSuffix(head, []byte(tail)) {
		writeStatus(w, http.StatusInternalServerError, metav1.StatusReasonInternalError, "rift serve: encoding a table head: %v", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	bw := bufio.NewWriterSize(w, 64<<10)
	defer bw.Flush()
	bw.Write(head[:len(head)-len(tail)])
	bw.WriteString(`"rows":[`)
	rows(bw)
	bw.WriteString("]}")
}

// rowWriter encodes the rows of objs one at a time (a selected subset,
// which the row cache does not hold).
func (c *catalog) rowWriter(res *resource, objs []*bundle.Object, sh shape) func(*bufio.Writer) {
	return func(bw *bufio.Writer) {
		_, cells := c.printer(res)
		buf := make([]byte, 0, 8<<10)
		for i, o := range objs {
			buf = buf[:0]
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendRow(buf, res, o, sh, cells)
			bw.Write(buf)
		}
	}
}

// rowObject is what a row carries, by includeObject: the object, its
// metadata (the default) or nothing.
func rowObject(res *resource, o *bundle.Object, sh shape) map[string]any {
	switch sh.include {
	case "Object":
		return res.view(o)
	case "None":
		return nil
	}
	return partialMetadata(o, sh.table)
}
