package serve

import (
	"mime"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// shape is the form an answer takes, from the Accept header: a Table
// (server-side printing), PartialObjectMetadata, or the objects as JSON.
type shape struct {
	table       string // meta.k8s.io version of the Table, "" for none
	metadata    bool
	metaVersion string
	include     string // a table row's object: None, Metadata or Object
}

// negotiate picks the first Accept clause the server can answer: JSON
// only (protobuf and CBOR clauses are passed over, as clients always offer
// JSON after them).
func negotiate(accept, include string) shape {
	sh := shape{include: include}
	if sh.include == "" {
		sh.include = "Metadata"
	}
	for _, clause := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(clause))
		if err != nil {
			continue
		}
		if mt != "application/json" && mt != "*/*" && mt != "application/*" {
			continue
		}
		switch params["as"] {
		case "Table":
			if params["g"] == "meta.k8s.io" && (params["v"] == "v1" || params["v"] == "v1beta1") {
				sh.table = params["v"]
				return sh
			}
		case "PartialObjectMetadata", "PartialObjectMetadataList":
			if params["g"] == "meta.k8s.io" && (params["v"] == "v1" || params["v"] == "v1beta1") {
				sh.metadata, sh.metaVersion = true, params["v"]
				return sh
			}
		case "":
			return sh
		}
	}
	return sh
}

// printer returns the kind's columns and its cells function: the CRD's
// additionalPrinterColumns, or the built-in printer (printers.go), on the
// object as this resource serves it, with ages counted from the bundle's
// capture time.
func (c *catalog) printer(res *resource) ([]metav1.TableColumnDefinition, func(*bundle.Object) []any) {
	if res.isCRD {
		return crdColumnDefs(res.columns), func(o *bundle.Object) []any { return crdCells(res.columns, o.Unstructured, c.now) }
	}
	p := printerFor(res.gvk.GroupKind())
	return p.columns, func(o *bundle.Object) []any { return p.cells(res.view(o), c.now) }
}

// table prints a few objects (a get, a watch event) as one Table value;
// lists are streamed by writeTable.
func (c *catalog) table(res *resource, objs []*bundle.Object, sh shape, meta metav1.ListMeta, headers bool) *metav1.Table {
	t := &metav1.Table{TypeMeta: metav1.TypeMeta{Kind: "Table", APIVersion: "meta.k8s.io/" + sh.table}, ListMeta: meta, Rows: []metav1.TableRow{}}
	defs, cells := c.printer(res)
	if headers {
		t.ColumnDefinitions = defs
	}
	for _, o := range objs {
		row := metav1.TableRow{Cells: cells(o)}
		if obj := rowObject(res, o, sh); obj != nil {
			row.Object = runtime.RawExtension{Raw: appendJSON(nil, obj)}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
