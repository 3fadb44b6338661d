#pragma once
// `-j N` for the arbiter tool: items (pieces of PGN text, FEN lines) read by one thread,
// prepared (a piece's games read, and judged where they can be) and judged by N,
// and the verdicts handed on in input order, so that the output of `-j 4` is byte for byte
// that of `-j 1`. Memory stays bounded: items travel in batches of at most 64, and only a
// fixed number of batches (one per judge, plus 2) exist; the reader waits for a free one. The
// items and verdicts of a batch are reused from one batch to the next, so their buffers (a
// PgnGame's vectors, an output string) are warmed up once.
//
// Why batches of up to 64 items, closed early at 32 KiB of input (batch_bytes()). Each
// batch is handed on four times (reader, judge, order, emitter), and on a virtual machine
// a thread woken on the other core costs tens of microseconds: on the TCEC file at -j 2,
// batches of 8 games made 6,900-7,900 context switches, these 2,600-3,100 (the wall time
// the same within the noise of a shared machine).
// The byte limit keeps the text in flight, and so the games' buffers, near 32 KiB a batch
// whatever the size of the games; one batch per judge plus one being read and one being
// emitted keep every judge busy (2 per judge ran no faster, with a quarter more memory).
//
// With one job nothing runs in another thread: read, judge, emit, one item after another.

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace arbiter_cli {

/// Empties a buffer of a slot for its next item, giving back what an exceptionally large
/// item made it hold (beyond 64 KiB): with 2N + 2 batches of slots, each slot keeping the
/// largest item it ever saw would make memory grow with the input's largest items.
inline void reuse(std::string& buffer) {
  if (buffer.capacity() > (std::size_t(1) << 16)) std::string().swap(buffer);
  buffer.clear();
}

/// The default of `-j`: the number of cores (1 if unknown).
inline unsigned default_jobs() noexcept {
  return std::max(1u, std::thread::hardware_concurrency());
}

/// The bytes of input an item holds, which closes a batch early (batch_bytes): 0 for an
/// item of no size to speak of (a FEN line); overloads for the items that have one.
template <class Item>
constexpr std::size_t batch_bytes(const Item&) noexcept {
  return 0;
}

/// Items travelling together from the reader to a judge, and their verdicts.
template <class Item, class Verdict>
struct InOrderBatch {
  static constexpr std::size_t size = 64;
  static constexpr std::size_t bytes = std::size_t(1) << 15;  ///< closes a batch early
  std::vector<Item> items;
  std::vector<Verdict> verdicts;
  std::size_t count = 0;
  std::uint64_t sequence = 0;
  InOrderBatch() : items(size), verdicts(size) {}
};

/// Runs `read(Item&) -> bool` (false: no more items) in one thread; in `jobs` threads
/// `prepare(Item&, Verdict&, unsigned worker)` (the costly part that needs nothing of the
/// items before, such as reading the games of a piece of text, and judging them where what
/// the items before decide can be guessed), then `order(Item&)` in input order (the cheap
/// part that does: numbering the games; each item's `order` runs after those of every item
/// before it), then `judge(Item&, Verdict&, unsigned worker)` (what needed the order, or the
/// work again where the guess was wrong); and `emit(const Item&, Verdict&) -> bool` (false:
/// stop, the output has failed) in the calling thread, in input order. `worker`, from 0 to jobs -
/// 1, says which thread, for the state a thread keeps of its own. `prepare` and `judge` must touch
/// nothing shared but what they only read (or guard themselves); `read` runs in one thread, `order`
/// and `emit` one item at a time.
template <class Item, class Verdict, class Read, class Prepare, class Order, class Judge,
          class Emit>
void judge_in_order(unsigned jobs, Read&& read, Prepare&& prepare, Order&& order, Judge&& judge,
                    Emit&& emit) {
  if (jobs <= 1) {
    Item item;
    Verdict verdict;
    while (read(item)) {
      prepare(item, verdict, 0u);
      order(item);
      judge(item, verdict, 0u);
      if (!emit(item, verdict)) return;
    }
    return;
  }

  using Batch = InOrderBatch<Item, Verdict>;
  constexpr std::size_t batch_size = Batch::size;
  std::vector<Batch> batches(std::size_t(jobs) + 2);

  std::mutex mutex;
  std::condition_variable free_cv, work_cv, done_cv, order_cv;
  std::vector<Batch*> free_batches;
  for (Batch& b : batches) free_batches.push_back(&b);
  std::deque<Batch*> work;
  std::vector<Batch*> judged;  // judged batches not yet emitted, any order
  bool reading_done = false;
  std::uint64_t batches_read = 0;
  std::uint64_t ordered = 0;  // batches whose items have had their `order`
  std::atomic<bool> stop{false};

  std::thread reader([&] {
    for (std::uint64_t sequence = 0;; ++sequence) {
      Batch* b;
      {
        std::unique_lock<std::mutex> lock(mutex);
        free_cv.wait(lock, [&] { return !free_batches.empty() || stop; });
        if (stop) break;
        b = free_batches.back();
        free_batches.pop_back();
      }
      b->count = 0;
      std::size_t bytes = 0;
      bool more = true;
      while (b->count < batch_size && bytes < Batch::bytes && !stop &&
             (more = read(b->items[b->count])))
        bytes += batch_bytes(b->items[b->count++]);
      std::lock_guard<std::mutex> lock(mutex);
      if (b->count == 0) {
        free_batches.push_back(b);
        break;
      }
      b->sequence = sequence;
      work.push_back(b);
      ++batches_read;
      work_cv.notify_one();
      if (!more || stop) break;  // the input is exhausted (or the output failed)
    }
    std::lock_guard<std::mutex> lock(mutex);
    reading_done = true;
    work_cv.notify_all();
    done_cv.notify_all();
  });

  // Batches are taken in sequence order, so the batch before the one a thread waits on to
  // `order` has been taken by a thread that is preparing it or waiting on an earlier one:
  // the earliest always goes on, and no thread waits forever.
  std::vector<std::thread> judges;
  for (unsigned j = 0; j < jobs; ++j)
    judges.emplace_back([&, j] {
      for (;;) {
        Batch* b;
        {
          std::unique_lock<std::mutex> lock(mutex);
          work_cv.wait(lock, [&] { return !work.empty() || reading_done; });
          if (work.empty()) return;
          b = work.front();
          work.pop_front();
        }
        for (std::size_t i = 0; i < b->count; ++i) prepare(b->items[i], b->verdicts[i], j);
        {
          std::unique_lock<std::mutex> lock(mutex);
          order_cv.wait(lock, [&] { return ordered == b->sequence; });
          for (std::size_t i = 0; i < b->count; ++i) order(b->items[i]);
          ++ordered;
          order_cv.notify_all();
        }
        for (std::size_t i = 0; i < b->count; ++i) judge(b->items[i], b->verdicts[i], j);
        std::lock_guard<std::mutex> lock(mutex);
        judged.push_back(b);
        done_cv.notify_all();
      }
    });

  // Emits the batches in sequence order as they are judged.
  for (std::uint64_t next = 0;; ++next) {
    Batch* b = nullptr;
    {
      std::unique_lock<std::mutex> lock(mutex);
      done_cv.wait(lock, [&] {
        const auto it = std::find_if(judged.begin(), judged.end(),
                                     [&](const Batch* j) { return j->sequence == next; });
        if (it != judged.end()) {
          b = *it;
          judged.erase(it);
          return true;
        }
        return reading_done && next == batches_read;
      });
    }
    if (!b) break;
    bool ok = !stop;
    for (std::size_t i = 0; i < b->count && ok; ++i) ok = emit(b->items[i], b->verdicts[i]);
    std::lock_guard<std::mutex> lock(mutex);
    if (!ok) stop = true;
    free_batches.push_back(b);
    free_cv.notify_one();
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    stop = true;
    free_cv.notify_all();
  }
  reader.join();
  for (std::thread& t : judges) t.join();
}

/// judge_in_order() for items that need nothing of each other: `read(Item&) -> bool` in one
/// thread, `judge(const Item&, Verdict&, unsigned worker)` in `jobs`, `emit` in input order.
template <class Item, class Verdict, class Read, class Judge, class Emit>
void judge_in_order(unsigned jobs, Read&& read, Judge&& judge, Emit&& emit) {
  judge_in_order<Item, Verdict>(
      jobs, read, [](Item&, Verdict&, unsigned) {}, [](Item&) {},
      [&](Item& item, Verdict& verdict, unsigned worker) { judge(item, verdict, worker); }, emit);
}

}  // namespace arbiter_cli
