package auth

import (
	"fmt"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/errs"
)

// TestKeyedEvictsIdleKeys: memory stays bounded: a key idle long enough for its bucket to refill
// is dropped (it would behave as a new one), and past maxKeys the map never grows further.
func TestKeyedEvictsIdleKeys(t *testing.T) {
	k := newKeyed(config.Limit{Rate: 10, Burst: 10}) // refills in 1 s; swept after a minute
	t0 := time.Unix(1_700_000_000, 0)
	for i := range 1000 {
		k.allow(fmt.Sprint("10.0.", i/256, ".", i%256), t0)
	}
	if k.size() != 1000 {
		t.Fatalf("size %d", k.size())
	}
	k.allow("10.9.9.9", t0.Add(2*time.Minute))
	if k.size() != 1 {
		t.Errorf("after the idle keys' time: %d keys, want 1", k.size())
	}
	for i := range maxKeys + 10 {
		k.allow(fmt.Sprint("k", i), t0.Add(3*time.Minute))
	}
	if k.size() > maxKeys {
		t.Errorf("%d keys, more than %d", k.size(), maxKeys)
	}
}

// TestKeyedWaitAndRecovery: the burst passes, the next call is told how long to wait (and takes
// no token), and after that wait it passes.
func TestKeyedWaitAndRecovery(t *testing.T) {
	k := newKeyed(config.Limit{Rate: 0.5, Burst: 3})
	t0 := time.Unix(1_700_000_000, 0)
	for i := range 3 {
		if d := k.allow("u", t0); d != 0 {
			t.Fatalf("call %d: wait %v", i+1, d)
		}
	}
	d := k.allow("u", t0)
	if d != 2*time.Second {
		t.Fatalf("wait %v, want 2s", d)
	}
	if again := k.allow("u", t0.Add(time.Second)); again != time.Second {
		t.Errorf("a refused call took a token: wait %v, want 1s", again)
	}
	if d := k.allow("u", t0.Add(2*time.Second)); d != 0 {
		t.Errorf("after the wait: %v", d)
	}
}

// TestLimitsClasses: an import has its own tighter bucket; a loopback address is not limited.
func TestLimitsClasses(t *testing.T) {
	l := NewLimits(config.Config{LimitUser: config.Limit{Rate: 100, Burst: 100}, LimitIP: config.Limit{Rate: 1, Burst: 1},
		LimitImport: config.Limit{Rate: 1.0 / 60, Burst: 1}})
	now := time.Now()
	const imp = "/crm.customer.v1.CustomerService/ImportarClientes"
	if err := l.CheckUser(imp, "a", now); err != nil {
		t.Fatal(err)
	}
	err := l.CheckUser(imp, "a", now)
	if !errs.IsReason(err, errs.ReasonLimiteExcedido) || err.(*errs.Error).RetryAfter != 60*time.Second {
		t.Errorf("second import: %v", err)
	}
	if err := l.CheckUser("/crm.operator.v1.OperatorService/ObterChamador", "a", now); err != nil {
		t.Errorf("another method: %v", err)
	}
	for range 3 {
		if err := l.CheckIP("127.0.0.1", now); err != nil {
			t.Errorf("loopback limited: %v", err)
		}
	}
	l.CheckIP("192.0.2.1", now)
	if err := l.CheckIP("192.0.2.1", now); err == nil {
		t.Error("second call from 192.0.2.1 passed")
	}
}
