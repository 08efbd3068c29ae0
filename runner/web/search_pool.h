#pragma once
// The threads that run the bots' searches for `junqi serve`. A request never searches on
// the server's own thread: it queues a job here and returns, so a long search holds up no
// other request, and the number of searches running at once is the number of workers.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace junqi::runner::web {

class SearchPool {
 public:
  // `workers` searches at most at once; at most `max_queued` more wait for a worker.
  SearchPool(int workers, std::size_t max_queued);
  // Runs the jobs already taken to their end (callers stop long searches first, through
  // their Limits::stop flags) and drops those still queued.
  ~SearchPool();
  SearchPool(const SearchPool&) = delete;
  SearchPool& operator=(const SearchPool&) = delete;

  // Queues a job; false when the queue is full (the server is busy) or closing.
  bool submit(std::function<void()> job);

 private:
  void work();

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> queue_;
  std::size_t max_queued_;
  bool closing_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace junqi::runner::web
