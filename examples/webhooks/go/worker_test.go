package webhooks

import (
	"context"
	"errors"
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

func TestWorkerDeadLettersAnEventThatKeepsFailingAndReplaysIt(t *testing.T) {
	store := &FileStore{Dir: t.TempDir()}
	for _, id := range []string{"entity-gone", "fine"} {
		if _, err := store.Save(event(id)); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	calls := map[string]int{}
	gone := true
	worker := &Worker{Store: store, Workers: 1, Retry: 5 * time.Millisecond, Process: func(_ context.Context, e Event) error {
		mu.Lock()
		defer mu.Unlock()
		calls[e.ID]++
		if e.ID == "entity-gone" && gone {
			return errors.New("GET /invoices/entity-gone answered 404")
		}
		return nil
	}}
	runWorker(t, worker)
	waitUntil(t, "the failing event dead-lettered", func() bool {
		letters, err := store.DeadLetters()
		return err == nil && len(letters) == 1
	})
	letters, _ := store.DeadLetters()
	if letters[0].EventID != "entity-gone" || letters[0].Attempts != MaxProcessingAttempts ||
		letters[0].LastError != "GET /invoices/entity-gone answered 404" {
		t.Fatalf("dead letter: %+v", letters[0])
	}
	// Later passes leave it alone: a new event is processed, the dead letter is not tried again.
	if _, err := store.Save(event("later")); err != nil {
		t.Fatal(err)
	}
	worker.Wake()
	waitUntil(t, "the later event processed", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return calls["later"] == 1
	})
	mu.Lock()
	if calls["entity-gone"] != MaxProcessingAttempts || calls["fine"] != 1 {
		t.Fatalf("calls: %v", calls)
	}
	gone = false // the cause is fixed
	mu.Unlock()
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
