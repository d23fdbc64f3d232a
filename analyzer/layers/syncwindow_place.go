package layers

import (
	"regexp"
	"strings"
	"time"
	// The windows' time zones must read the same on every machine that
	// analyses the bundle, whatever zoneinfo it has.
	_ "time/tzdata"

	"github.com/robfig/cron/v3"
)

// cronParser reads schedules as Argo CD does: five fields, no seconds.
var cronParser = cron.NewParser(cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow)

// placeWindow reads window i at now: open when its last start is before
// now and less than its duration ago, in the window's time zone.
func placeWindow(i int, w map[string]any, now time.Time) (syncWindow, bool) {
	sw := syncWindow{index: i, kind: str(w, "kind"), schedule: str(w, "schedule"), duration: str(w, "duration"), zone: str(w, "timeZone"), manual: boolAt(w, "manualSync")}
	if sw.kind != "allow" && sw.kind != "deny" {
		return sw, false
	}
	sched, err := cronParser.Parse(sw.schedule)
	if err != nil {
		return sw, false
	}
	dur, err := time.ParseDuration(sw.duration)
	if err != nil || dur <= 0 {
		return sw, false
	}
	loc := time.UTC
	if sw.zone != "" {
		// Argo CD reads an unknown zone as UTC.
		if l, err := time.LoadLocation(sw.zone); err == nil {
			loc = l
		}
	}
	local := now.In(loc)
	if last := sched.Next(local.Add(-dur)); last.Before(local) {
		sw.open, sw.start, sw.end = true, last.UTC(), last.Add(dur).UTC()
		return sw, true
	}
	next := sched.Next(local)
	sw.start, sw.end = next.UTC(), next.Add(dur).UTC()
	return sw, true
}

// windowMatches reports whether window w applies to the Application app.
func windowMatches(w, app map[string]any) bool {
	dest := mapAt(app, "spec", "destination")
	lists := []struct {
		globs []string
		names []string
	}{
		{stringList(sliceAt(w, "applications")), []string{str(app, "metadata", "name")}},
		{stringList(sliceAt(w, "clusters")), []string{str(dest, "name"), str(dest, "server")}},
		{stringList(sliceAt(w, "namespaces")), []string{str(dest, "namespace")}},
	}
	and := boolAt(w, "andOperator")
	given, matched := 0, 0
	for _, l := range lists {
		if len(l.globs) == 0 {
			continue
		}
		given++
		if anyGlob(l.globs, l.names) {
			matched++
		}
	}
	if and {
		return given > 0 && matched == given
	}
	return matched > 0
}

func anyGlob(globs, names []string) bool {
	for _, g := range globs {
		re, err := regexp.Compile("^" + strings.NewReplacer(`\*`, ".*", `\?`, ".").Replace(regexp.QuoteMeta(g)) + "$")
		if err != nil {
			continue
		}
		for _, n := range names {
			if n != "" && re.MatchString(n) {
				return true
			}
		}
	}
	return false
}

// stringList keeps the strings of a YAML list.
func stringList(s []any) []string {
	var out []string
	for _, v := range s {
		if x, ok := v.(string); ok {
			out = append(out, x)
		}
	}
	return out
}
