package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func event(id string) Event {
	var e Event
	e.ID = id
	e.EventType = "invoice.updated"
	e.Data.EntityID = "inv-" + id
	e.Created = time.Now().UTC().Format(time.RFC3339)
	return e
}

// waitUntil polls condition until it holds, or fails the test after five seconds.
func waitUntil(t *testing.T, what string, condition func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !condition() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestWorkerSurvivesAPanicAndRetriesIt(t *testing.T) {
	store := &FileStore{Dir: t.TempDir()}
	for _, id := range []string{"panics-once", "fine"} {
		if _, err := store.Save(event(id)); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	calls := map[string]int{}
	worker := &Worker{Store: store, Workers: 2, Retry: 20 * time.Millisecond, Process: func(_ context.Context, e Event) error {
		mu.Lock()
		calls[e.ID]++
		n := calls[e.ID]
		mu.Unlock()
		if e.ID == "panics-once" && n == 1 {
			panic("a bug in your handler")
		}
		return nil
	}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { worker.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	waitUntil(t, "both events processed", func() bool {
		events, err := store.Unprocessed()
		return err == nil && len(events) == 0
	})
	mu.Lock()
	defer mu.Unlock()
	if calls["panics-once"] != 2 || calls["fine"] != 1 {
		t.Fatalf("calls: %v", calls)
	}
}

func TestFileStoreKeepsEventsAcrossARestart(t *testing.T) {
	dir := t.TempDir()
	first := &FileStore{Dir: dir}
	if isNew, err := first.Save(event("a")); !isNew || err != nil {
		t.Fatalf("first save: %v %v", isNew, err)
	}
	if _, err := first.Save(event("b")); err != nil {
		t.Fatal(err)
	}
	if err := first.MarkProcessed("a"); err != nil {
		t.Fatal(err)
	}
	restarted := &FileStore{Dir: dir}
	if isNew, _ := restarted.Save(event("a")); isNew {
		t.Fatal("a redelivery after the restart was stored as new")
	}
	events, err := restarted.Unprocessed()
	if err != nil || len(events) != 1 || events[0].ID != "b" {
		t.Fatalf("unprocessed after the restart: %+v %v", events, err)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

func TestHandlerTellsATooLargeBodyFromAReadError(t *testing.T) {
	handler := Handler("secret", &MemoryStore{}, func() {})
	large := httptest.NewRequest(http.MethodPost, "/webhooks/kestrel", strings.NewReader(strings.Repeat("x", maxBodyBytes+1)))
	recorder := httptest.NewRecorder()
	handler.ServeHTTP(recorder, large)
	if recorder.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("too large: want 413, got %d", recorder.Code)
	}
	broken := httptest.NewRequest(http.MethodPost, "/webhooks/kestrel", errReader{})
	recorder = httptest.NewRecorder()
	handler.ServeHTTP(recorder, broken)
	if recorder.Code != http.StatusBadRequest {
		t.Fatalf("read error: want 400, got %d", recorder.Code)
	}
}

// runWorker runs the worker until the test ends.
func runWorker(t *testing.T, worker *Worker) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { worker.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

// fakeKestrel answers each GET with the next scripted status (and Retry-After), then 200, and
// counts the GETs of each path.
type fakeKestrel struct {
	mu     sync.Mutex
	script []int
	after  string
	gets   map[string]int
	server *httptest.Server
}

func newFakeKestrel(t *testing.T, retryAfter string, script ...int) *fakeKestrel {
	f := &fakeKestrel{script: script, after: retryAfter, gets: map[string]int{}}
	f.server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.gets[r.URL.Path]++
		status := http.StatusOK
		if len(f.script) > 0 {
			status, f.script = f.script[0], f.script[1:]
		}
		f.mu.Unlock()
		if status != http.StatusOK {
			if f.after != "" {
				w.Header().Set("Retry-After", f.after)
			}
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"code":"FAKE_%d"}`, status)
			return
		}
		fmt.Fprint(w, `{"status":"PAID"}`)
	}))
	t.Cleanup(f.server.Close)
	return f
}

func (f *fakeKestrel) count(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.gets[path]
}

func (f *fakeKestrel) process(ctx context.Context, e Event) error {
	_, err := FetchEntity(ctx, f.server.Client(), f.server.URL+"/v1", "sk_sandbox_go_tests", e)
	return err
}

func TestWorkerRetriesA429BurstAndA503MaintenanceAnswerUntilProcessed(t *testing.T) {
	for _, tc := range []struct {
		name   string
		script []int
	}{
		{"a 429 burst", []int{429, 429, 429}},
		{"a 503 maintenance window", []int{503, 503}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store := &MemoryStore{}
			if _, err := store.Save(event("busy")); err != nil {
				t.Fatal(err)
			}
			kestrel := newFakeKestrel(t, "1", tc.script...)
			started := time.Now()
			runWorker(t, &Worker{Store: store, Retry: 5 * time.Millisecond, Process: kestrel.process})
			waitUntil(t, "the event processed", func() bool {
				done, err := store.IsProcessed("busy")
				return err == nil && done
			})
			if got := kestrel.count("/v1/invoices/inv-busy"); got != len(tc.script)+1 {
				t.Fatalf("GETs: want %d, got %d", len(tc.script)+1, got)
			}
			// Never sooner than Retry-After: a second before each try after a failure.
			if elapsed := time.Since(started); elapsed < time.Duration(len(tc.script))*time.Second {
				t.Fatalf("retried after %v, sooner than Retry-After", elapsed)
			}
			if letters, _ := store.DeadLetters(); len(letters) != 0 {
				t.Fatalf("dead-lettered: %+v", letters)
			}
		})
	}
}

func TestTransientRetriesARefusedKeyAndDeadLettersWhatNoFixCanChange(t *testing.T) {
	for _, tc := range []struct {
		status        int
		code          string
		transient     bool
		configuration bool
	}{
		{401, "UNAUTHORIZED", true, true},
		{403, "INSUFFICIENT_SCOPE", true, true},
		{429, "RATE_LIMITED", true, false},
		{503, "SERVICE_UNAVAILABLE", true, false},
		{408, "", true, false},
		{409, "IDEMPOTENCY_KEY_IN_USE", true, false},
		{409, "QUOTE_ALREADY_EXECUTED", false, false},
		{404, "INVOICE_NOT_FOUND", false, false},
		{410, "", false, false},
		{400, "MALFORMED_REQUEST", false, false},
		{422, "VALIDATION_FAILED", false, false},
	} {
		err := &APIError{Status: tc.status, Code: tc.code, Path: "/invoices/x"}
		if transient, _ := Transient(err); transient != tc.transient {
			t.Errorf("%d %s: transient %v, want %v", tc.status, tc.code, transient, tc.transient)
		}
		if got := NeedsConfiguration(err); got != tc.configuration {
			t.Errorf("%d %s: needs configuration %v, want %v", tc.status, tc.code, got, tc.configuration)
		}
	}
	if transient, _ := Transient(Permanent(errors.New("malformed event"))); transient {
		t.Error("a malformed event is transient")
	}
}

func TestWorkerRetriesA403AndA401UntilTheKeyIsFixed(t *testing.T) {
	store := &MemoryStore{}
	if _, err := store.Save(event("refused")); err != nil {
		t.Fatal(err)
	}
	kestrel := newFakeKestrel(t, "", 403, 401)
	runWorker(t, &Worker{Store: store, Retry: 5 * time.Millisecond, Process: kestrel.process})
	waitUntil(t, "the refused event processed", func() bool {
		done, err := store.IsProcessed("refused")
		return err == nil && done
	})
	if got := kestrel.count("/v1/invoices/inv-refused"); got != 3 {
		t.Fatalf("GETs: want 3, got %d", got)
	}
	if letters, _ := store.DeadLetters(); len(letters) != 0 {
		t.Fatalf("dead-lettered: %+v", letters)
	}
}

func TestWorkerDeadLettersAPermanent4xxOnItsFirstTryAndReplaysIt(t *testing.T) {
	store := &FileStore{Dir: t.TempDir()}
	for _, id := range []string{"entity-gone", "fine"} {
		if _, err := store.Save(event(id)); err != nil {
			t.Fatal(err)
		}
	}
	kestrel := newFakeKestrel(t, "", 404)
	worker := &Worker{Store: store, Workers: 1, Retry: 5 * time.Millisecond, Process: kestrel.process}
	runWorker(t, worker)
	waitUntil(t, "the failing event dead-lettered", func() bool {
		letters, err := store.DeadLetters()
		return err == nil && len(letters) == 1
	})
	letters, _ := store.DeadLetters()
	if letters[0].EventID != "entity-gone" || letters[0].Attempts != 1 ||
		letters[0].LastError != "GET /v1/invoices/inv-entity-gone answered 404 FAKE_404" {
		t.Fatalf("dead letter: %+v", letters[0])
	}
	// Later passes leave it alone: a new event is processed, the dead letter is not tried again.
	if _, err := store.Save(event("later")); err != nil {
		t.Fatal(err)
	}
	worker.Wake()
	waitUntil(t, "the later event processed", func() bool { return kestrel.count("/v1/invoices/inv-later") == 1 })
	waitUntil(t, "the fine event processed", func() bool { done, _ := store.IsProcessed("fine"); return done })
	if got := kestrel.count("/v1/invoices/inv-entity-gone"); got != 1 {
		t.Fatalf("the dead letter was fetched %d times", got)
	}
	// The cause is fixed: the fake answers 200 from now on.
	if replayed, err := store.ReplayDeadLetter("entity-gone"); !replayed || err != nil {
		t.Fatalf("replay: %v %v", replayed, err)
	}
	worker.Wake()
	waitUntil(t, "the replayed event processed", func() bool {
		events, err := store.Unprocessed()
		return err == nil && len(events) == 0
	})
	if letters, _ := store.DeadLetters(); len(letters) != 0 {
		t.Fatalf("dead letters after the replay: %+v", letters)
	}
}

func TestWorkerDeadLettersAMalformedEventAtOnce(t *testing.T) {
	store := &MemoryStore{}
	bad := event("bad")
	bad.Data.EntityID = ""
	if _, err := store.Save(bad); err != nil {
		t.Fatal(err)
	}
	kestrel := newFakeKestrel(t, "")
	runWorker(t, &Worker{Store: store, Retry: 5 * time.Millisecond, Process: kestrel.process})
	waitUntil(t, "the malformed event dead-lettered", func() bool {
		letters, err := store.DeadLetters()
		return err == nil && len(letters) == 1 && letters[0].Attempts == 1
	})
}

func TestWorkerGivesUpOnATransientFailureOnceKestrelNoLongerKeepsTheEvent(t *testing.T) {
	store := &MemoryStore{}
	old := event("old")
	old.Created = time.Now().Add(-retention + 10*time.Second).UTC().Format(time.RFC3339)
	if _, err := store.Save(old); err != nil {
		t.Fatal(err)
	}
	kestrel := newFakeKestrel(t, "60", 503)
	runWorker(t, &Worker{Store: store, Retry: 5 * time.Millisecond, Process: kestrel.process})
	waitUntil(t, "the old event dead-lettered", func() bool {
		letters, err := store.DeadLetters()
		return err == nil && len(letters) == 1 && strings.HasPrefix(letters[0].LastError, "GET /v1/invoices/inv-old answered 503")
	})
}

func TestARedeliveryAfter25HoursOr29DaysIsNotProcessedAgain(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	store := &MemoryStore{Now: clock}
	calls := make(chan string, 10)
	worker := &Worker{Store: store, Retry: 5 * time.Millisecond, Now: clock, Process: func(_ context.Context, e Event) error {
		calls <- e.ID
		return nil
	}}
	runWorker(t, worker)
	if isNew, _ := store.Save(event("e1")); !isNew {
		t.Fatal("the first delivery was not new")
	}
	worker.Wake()
	waitUntil(t, "the event processed", func() bool { done, _ := store.IsProcessed("e1"); return done })
	// The Idempotency-Key derived from the event id has expired after 24 hours; the store has not.
	for _, later := range []time.Duration{25 * time.Hour, 29 * 24 * time.Hour} {
		mu.Lock()
		now = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC).Add(later)
		mu.Unlock()
		if isNew, _ := store.Save(event("e1")); isNew {
			t.Fatalf("a redelivery %v later was stored as new", later)
		}
	}
	// Once Kestrel no longer keeps the event, a pass forgets it; by then the worker has made passes
	// after both redeliveries.
	mu.Lock()
	now = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC).Add(retention + time.Hour)
	mu.Unlock()
	worker.Wake()
	waitUntil(t, "the processed event forgotten", func() bool { done, _ := store.IsProcessed("e1"); return !done })
	if len(calls) != 1 {
		t.Fatalf("processed %d times", len(calls))
	}
}

func TestWorkerMarksAnUnknownEventTypeProcessedWithoutProcessingIt(t *testing.T) {
	store := &MemoryStore{}
	unknown := event("from-the-future")
	unknown.EventType = "invoice.exploded"
	if _, err := store.Save(unknown); err != nil {
		t.Fatal(err)
	}
	called := make(chan string, 1)
	worker := &Worker{Store: store, Retry: 5 * time.Millisecond, Process: func(_ context.Context, e Event) error {
		called <- e.ID
		return nil
	}}
	runWorker(t, worker)
	waitUntil(t, "the unknown event marked processed", func() bool {
		events, err := store.Unprocessed()
		return err == nil && len(events) == 0
	})
	if len(called) != 0 {
		t.Fatalf("Process was called for an unknown event type: %s", <-called)
	}
	if letters, _ := store.DeadLetters(); len(letters) != 0 {
		t.Fatalf("an unknown event type was dead-lettered: %+v", letters)
	}
}
