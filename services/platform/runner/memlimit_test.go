package runner

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMemoryLimitFromCgroup: GOMEMLIMIT follows the container's memory limit (80 %), read from
// cgroup v2 or v1 files (fake ones here), and the environment's GOMEMLIMIT wins.
func TestMemoryLimitFromCgroup(t *testing.T) {
	write := func(path, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	noEnv := func(string) string { return "" }
	for _, tc := range []struct {
		name   string
		files  map[string]string
		proc   string
		want   int64
		origin string
	}{
		{"v2 in a container (the namespace's root)", map[string]string{"memory.max": "536870912\n"}, "0::/\n", 429496729, "cgroup"},
		{"v2 without a limit", map[string]string{"memory.max": "max\n"}, "0::/\n", defaultMemLimit, "padrão"},
		{"v2, the parent's limit is the smaller", map[string]string{"memory.max": "max\n", "kubepods/memory.max": "1073741824\n",
			"kubepods/pod1/memory.max": "max\n"}, "0::/kubepods/pod1\n", 858993459, "cgroup"},
		{"v1", map[string]string{"memory/memory.limit_in_bytes": "268435456\n"}, "4:memory:/\n0::/\n", 214748364, "cgroup"},
		{"v1 nested", map[string]string{"memory/memory.limit_in_bytes": "9223372036854771712\n",
			"memory/docker/abc/memory.limit_in_bytes": "268435456\n"}, "4:memory:/docker/abc\n0::/\n", 214748364, "cgroup"},
		{"v1 without a limit", map[string]string{"memory/memory.limit_in_bytes": "9223372036854771712\n"}, "4:memory:/\n", defaultMemLimit, "padrão"},
		{"no cgroup files", nil, "", defaultMemLimit, "padrão"},
	} {
		root := t.TempDir()
		for p, body := range tc.files {
			write(filepath.Join(root, p), body)
		}
		proc := filepath.Join(t.TempDir(), "cgroup")
		write(proc, tc.proc)
		if got, from := memoryLimit(noEnv, root, proc); got != tc.want || from != tc.origin {
			t.Errorf("%s: %d (%s), want %d (%s)", tc.name, got, from, tc.want, tc.origin)
		}
	}
	root := t.TempDir()
	write(filepath.Join(root, "memory.max"), "536870912\n")
	env := func(k string) string {
		if k == "GOMEMLIMIT" {
			return "300MiB"
		}
		return ""
	}
	if _, from := memoryLimit(env, root, filepath.Join(root, "nada")); from != "" {
		t.Errorf("GOMEMLIMIT in the environment overridden (%s)", from)
	}
}
