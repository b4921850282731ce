package webhooks

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// Store keeps each verified event before the handler answers: a 2xx tells Kestrel the event is
// safe, and Kestrel stops retrying it. The worker then processes the events from the store.
type Store interface {
	// Save stores the event durably. It reports false when the event's ID was stored before.
	Save(event Event) (isNew bool, err error)
	// Unprocessed lists the stored events not yet marked processed nor dead-lettered, oldest first.
	Unprocessed() ([]Event, error)
	// MarkProcessed records that the event's work is done.
	MarkProcessed(eventID string) error
	// IsProcessed reports whether the event's work is done: a replay checks it before it acts.
	IsProcessed(eventID string) (bool, error)
	// ForgetProcessedBefore removes the processed events received before cutoff: Kestrel no longer
	// delivers or lists them. It reports how many it removed.
	ForgetProcessedBefore(cutoff time.Time) (int, error)
	// RecordFailure counts one failed processing of the event and keeps its error; it reports the
	// failures so far.
	RecordFailure(eventID, lastError string) (attempts int, err error)
	// DeadLetter moves the event to the dead letters: the worker no longer tries it.
	DeadLetter(eventID string) error
	// DeadLetters lists the dead letters with their attempts and last error.
	DeadLetters() ([]DeadLetter, error)
	// ReplayDeadLetter takes the event out of the dead letters with a fresh count, so the worker
	// processes it again. It reports false when the event was not a dead letter.
	ReplayDeadLetter(eventID string) (bool, error)
}

// DeadLetter is an event the worker gave up on, and why.
type DeadLetter struct {
	EventID        string `json:"eventId"`
	Attempts       int    `json:"attempts"`
	LastError      string `json:"lastError"`
	DeadLetteredAt string `json:"deadLetteredAt,omitempty"`
}

// #region file-store

// FileStore is a Store in a directory: one file per event, written to a temporary name, synced
// and renamed, so an event is either stored whole or not at all, and survives a restart. A
// processed event gets a second, empty file (.done); an event whose processing failed gets a
// .failed file with its attempts and last error, which is its dead letter once DeadLetteredAt is set. In production, use the database that holds your
// records, and mark an event processed in the same transaction as its work.
type FileStore struct {
	Dir string
	mu  sync.Mutex
}

func (s *FileStore) path(eventID, ext string) string {
	sum := sha256.Sum256([]byte(eventID)) // an event ID never becomes a path of its own
	return filepath.Join(s.Dir, hex.EncodeToString(sum[:])+ext)
}

// Save writes the event unless its ID was stored before.
func (s *FileStore) Save(event Event) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	target := s.path(event.ID, ".json")
	if _, err := os.Stat(target); err == nil {
		return false, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return false, err
	}
	body, err := json.Marshal(event)
	if err != nil {
		return false, err
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return false, err
	}
	tmp, err := os.CreateTemp(s.Dir, "incoming-*")
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(body); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Close(); err != nil {
		return false, err
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return false, err
	}
	return true, syncDir(s.Dir)
}

// Unprocessed lists the stored events without a processed mark, oldest first.
func (s *FileStore) Unprocessed() ([]Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	entries, err := os.ReadDir(s.Dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	type stored struct {
		event Event
		at    int64
	}
	var found []stored
	for _, entry := range entries {
		name := entry.Name()
		if !strings.HasSuffix(name, ".json") {
			continue
		}
		base := strings.TrimSuffix(name, ".json")
		if _, err := os.Stat(filepath.Join(s.Dir, base+".done")); err == nil {
			continue
		}
		if failed, err := readFailure(filepath.Join(s.Dir, base+".failed")); err != nil {
			return nil, err
		} else if failed.DeadLetteredAt != "" {
			continue
		}
		body, err := os.ReadFile(filepath.Join(s.Dir, name))
		if err != nil {
			return nil, err
		}
		var event Event
		if err := json.Unmarshal(body, &event); err != nil {
			return nil, fmt.Errorf("stored event %s: %w", name, err)
		}
		info, err := entry.Info()
		if err != nil {
			return nil, err
		}
		found = append(found, stored{event, info.ModTime().UnixNano()})
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].at < found[j].at })
	events := make([]Event, len(found))
	for i, f := range found {
		events[i] = f.event
	}
	return events, nil
}

// IsProcessed reports whether the event has a processed mark.
func (s *FileStore) IsProcessed(eventID string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := os.Stat(s.path(eventID, ".done"))
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// ForgetProcessedBefore removes the files of each processed event whose file was written before
// cutoff.
func (s *FileStore) ForgetProcessedBefore(cutoff time.Time) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	done, err := filepath.Glob(filepath.Join(s.Dir, "*.done"))
	if err != nil {
		return 0, err
	}
	forgotten := 0
	for _, mark := range done {
		base := strings.TrimSuffix(mark, ".done")
		info, err := os.Stat(base + ".json")
		if err != nil || !info.ModTime().Before(cutoff) {
			continue
		}
		for _, ext := range []string{".json", ".failed", ".done"} { // the mark last: a crash leaves it processed
			if err := os.Remove(base + ext); err != nil && !errors.Is(err, os.ErrNotExist) {
				return forgotten, err
			}
		}
		forgotten++
	}
	return forgotten, syncDir(s.Dir)
}

// MarkProcessed writes the event's processed mark.
func (s *FileStore) MarkProcessed(eventID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := os.WriteFile(s.path(eventID, ".done"), nil, 0o600); err != nil {
		return err
	}
	return syncDir(s.Dir)
}

// readFailure reads an event's .failed file; a missing file is no failure yet.
func readFailure(path string) (DeadLetter, error) {
	var failure DeadLetter
	body, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return failure, nil
	} else if err != nil {
		return failure, err
	}
	return failure, json.Unmarshal(body, &failure)
}

func (s *FileStore) writeFailure(failure DeadLetter) error {
	body, err := json.Marshal(failure)
	if err != nil {
		return err
	}
	if err := os.WriteFile(s.path(failure.EventID, ".failed"), body, 0o600); err != nil {
		return err
	}
	return syncDir(s.Dir)
}

// RecordFailure counts one failed processing of the event in its .failed file.
func (s *FileStore) RecordFailure(eventID, lastError string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	failure, err := readFailure(s.path(eventID, ".failed"))
	if err != nil {
		return 0, err
	}
	failure.EventID, failure.LastError = eventID, lastError
	failure.Attempts++
	return failure.Attempts, s.writeFailure(failure)
}

// DeadLetter stamps the event's .failed file: Unprocessed no longer lists it.
func (s *FileStore) DeadLetter(eventID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	failure, err := readFailure(s.path(eventID, ".failed"))
	if err != nil {
		return err
	}
	failure.EventID = eventID
	failure.DeadLetteredAt = time.Now().UTC().Format(time.RFC3339)
	return s.writeFailure(failure)
}

// DeadLetters lists the .failed files that are dead letters.
func (s *FileStore) DeadLetters() ([]DeadLetter, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	paths, err := filepath.Glob(filepath.Join(s.Dir, "*.failed"))
	if err != nil {
		return nil, err
	}
	var letters []DeadLetter
	for _, path := range paths {
		failure, err := readFailure(path)
		if err != nil {
			return nil, err
		}
		if failure.DeadLetteredAt != "" {
			letters = append(letters, failure)
		}
	}
	sort.Slice(letters, func(i, j int) bool { return letters[i].DeadLetteredAt < letters[j].DeadLetteredAt })
	return letters, nil
}

// ReplayDeadLetter removes the event's .failed file if it is a dead letter.
func (s *FileStore) ReplayDeadLetter(eventID string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	failure, err := readFailure(s.path(eventID, ".failed"))
	if err != nil || failure.DeadLetteredAt == "" {
		return false, err
	}
	if err := os.Remove(s.path(eventID, ".failed")); err != nil {
		return false, err
	}
	return true, syncDir(s.Dir)
}

// syncDir makes a rename or a new file in dir survive a power cut.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// #endregion file-store

// MemoryStore is a Store in memory, for tests: it loses its events when the process stops.
type MemoryStore struct {
	// Now is the clock that stamps each event's arrival; default time.Now.
	Now       func() time.Time
	mu        sync.Mutex
	ids       map[string]time.Time // when each event was received
	processed map[string]bool
	failures  map[string]*DeadLetter
	Events    []Event
}

// Save stores the event unless its ID was stored before.
func (s *MemoryStore) Save(event Event) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ids == nil {
		s.ids = map[string]time.Time{}
	}
	if _, seen := s.ids[event.ID]; seen {
		return false, nil
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	s.ids[event.ID] = now()
	s.Events = append(s.Events, event)
	return true, nil
}

// Unprocessed lists the events without a processed mark, in the order they were saved.
func (s *MemoryStore) Unprocessed() ([]Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var events []Event
	for _, e := range s.Events {
		if f := s.failures[e.ID]; !s.processed[e.ID] && (f == nil || f.DeadLetteredAt == "") {
			events = append(events, e)
		}
	}
	return events, nil
}

// RecordFailure counts one failed processing of the event.
func (s *MemoryStore) RecordFailure(eventID, lastError string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failures == nil {
		s.failures = map[string]*DeadLetter{}
	}
	f := s.failures[eventID]
	if f == nil {
		f = &DeadLetter{EventID: eventID}
		s.failures[eventID] = f
	}
	f.Attempts++
	f.LastError = lastError
	return f.Attempts, nil
}

// DeadLetter marks the event's failures as a dead letter.
func (s *MemoryStore) DeadLetter(eventID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f := s.failures[eventID]; f != nil {
		f.DeadLetteredAt = time.Now().UTC().Format(time.RFC3339)
	}
	return nil
}

// DeadLetters lists the dead letters.
func (s *MemoryStore) DeadLetters() ([]DeadLetter, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var letters []DeadLetter
	for _, e := range s.Events {
		if f := s.failures[e.ID]; f != nil && f.DeadLetteredAt != "" {
			letters = append(letters, *f)
		}
	}
	return letters, nil
}

// ReplayDeadLetter forgets the event's failures if it is a dead letter.
func (s *MemoryStore) ReplayDeadLetter(eventID string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f := s.failures[eventID]; f == nil || f.DeadLetteredAt == "" {
		return false, nil
	}
	delete(s.failures, eventID)
	return true, nil
}

// IsProcessed reports whether the event's work is done.
func (s *MemoryStore) IsProcessed(eventID string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.processed[eventID], nil
}

// ForgetProcessedBefore removes the processed events received before cutoff.
func (s *MemoryStore) ForgetProcessedBefore(cutoff time.Time) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.Events[:0]
	forgotten := 0
	for _, e := range s.Events {
		if s.processed[e.ID] && s.ids[e.ID].Before(cutoff) {
			delete(s.ids, e.ID)
			delete(s.processed, e.ID)
			delete(s.failures, e.ID)
			forgotten++
			continue
		}
		kept = append(kept, e)
	}
	s.Events = kept
	return forgotten, nil
}

// MarkProcessed records that the event's work is done.
func (s *MemoryStore) MarkProcessed(eventID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.processed == nil {
		s.processed = map[string]bool{}
	}
	s.processed[eventID] = true
	return nil
}
