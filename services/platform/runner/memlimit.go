package runner

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
)

// defaultMemLimit is the soft memory limit when neither GOMEMLIMIT nor a container limit says
// otherwise (measured in make bench: a service's heap is tens of MB).
const defaultMemLimit = 512 << 20

// memHeadroom is the share of the container's memory limit given to the Go heap: the rest is for
// what the Go runtime does not count (stacks of cgo, the SQLite page cache, the binary) and for
// the collector to act before the kernel's OOM killer does.
const memHeadroom = 0.8

// cgroupMemoryLimit is the memory limit of the cgroup this process runs in (a container's), read
// under root (/sys/fs/cgroup) with the process's cgroup from procCgroup (/proc/self/cgroup):
// cgroup v2's memory.max, the smallest of the process's cgroup and its ancestors (in a container
// the namespace's root is the container's cgroup), else cgroup v1's memory.limit_in_bytes. ok is
// false when there is no limit ("max", or v1's huge number) or no cgroup file.
func cgroupMemoryLimit(root, procCgroup string) (limit int64, ok bool) {
	dirV2, dirV1 := "/", "/"
	if b, err := os.ReadFile(procCgroup); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if p, found := strings.CutPrefix(line, "0::"); found {
				dirV2 = filepath.Clean("/" + p)
			} else if _, rest, found := strings.Cut(line, ":memory:"); found {
				dirV1 = filepath.Clean("/" + rest)
			}
		}
	}
	if limit, ok, present := smallest(filepath.Join(root), dirV2, "memory.max"); present {
		return limit, ok
	}
	limit, ok, _ = smallest(filepath.Join(root, "memory"), dirV1, "memory.limit_in_bytes")
	return limit, ok
}

// smallest is the smallest limit in file of dir (under base) and its ancestors; present tells
// whether any of them had the file (that cgroup version is in use).
func smallest(base, dir, file string) (limit int64, ok, present bool) {
	for {
		if n, found, here := readLimit(filepath.Join(base, dir, file)); here {
			present = true
			if found && (!ok || n < limit) {
				limit, ok = n, true
			}
		}
		if dir == "/" {
			return limit, ok, present
		}
		dir = filepath.Dir(dir)
	}
}

// readLimit reads one cgroup memory limit file: present when it exists, found when it holds a
// limit ("max" and cgroup v1's number near the largest int64 mean none).
func readLimit(path string) (n int64, found, present bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false, false
	}
	v := strings.TrimSpace(string(b))
	n, err = strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 || n >= 1<<62 {
		return 0, false, true
	}
	return n, true, true
}

// memoryLimit is the soft memory limit to set and where it came from ("" when GOMEMLIMIT is set:
// the runtime already applied it).
func memoryLimit(getenv func(string) string, root, procCgroup string) (int64, string) {
	if getenv("GOMEMLIMIT") != "" {
		return 0, ""
	}
	if n, ok := cgroupMemoryLimit(root, procCgroup); ok {
		return int64(float64(n) * memHeadroom), "cgroup"
	}
	return defaultMemLimit, "padrão"
}

// tuneGC: a service's heap is small (tens of MB) and mostly short-lived request garbage, so the
// collector runs less often (GOGC 300 measured +10-15% REST throughput in make bench for a few MB
// more RSS), with a soft limit that makes it collect harder long before memory gets tight: 80 %
// of the container's memory limit when there is one, else 512 MiB. GOGC and GOMEMLIMIT in the
// environment win. It returns the limit it set and its origin, for the log.
func tuneGC() (int64, string) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(300)
	}
	n, from := memoryLimit(os.Getenv, "/sys/fs/cgroup", "/proc/self/cgroup")
	if from != "" {
		debug.SetMemoryLimit(n)
	}
	return n, from
}
