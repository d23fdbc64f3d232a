package expect

import (
	"encoding/xml"
	"io"
	"strings"
)

// Result is the outcome of one fixture.
type Result struct {
	Fixture Fixture
	// Err is set when the fixture could not be analyzed at all.
	Err error
	// Mismatches are the unmet expectations.
	Mismatches []Mismatch
}

// Passed reports whether the fixture met every expectation.
func (r Result) Passed() bool { return r.Err == nil && len(r.Mismatches) == 0 }

// Message renders the failure for humans: every mismatch with its diff.
func (r Result) Message() string {
	if r.Err != nil {
		return r.Err.Error()
	}
	var b strings.Builder
	for _, m := range r.Mismatches {
		b.WriteString(m.Field + " (-want +got):\n" + m.Diff)
	}
	return b.String()
}

type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Error     *junitFailure `xml:"error,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes results as JUnit XML, one testcase per fixture. Times
// are omitted on purpose: the file is deterministic for the same results.
func WriteJUnit(w io.Writer, results []Result) error {
	s := junitSuite{Name: "rift test", Tests: len(results)}
	for _, r := range results {
		c := junitCase{Name: r.Fixture.Name, Classname: "rift.fixtures"}
		switch {
		case r.Err != nil:
			s.Errors++
			c.Error = &junitFailure{Message: "analysis failed", Text: r.Err.Error()}
		case len(r.Mismatches) > 0:
			s.Failures++
			c.Failure = &junitFailure{Message: "expectations not met", Text: r.Message()}
		}
		s.Cases = append(s.Cases, c)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(junitSuites{Suites: []junitSuite{s}}); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
