#include "runner/web/search_pool.h"

namespace junqi::runner::web {

SearchPool::SearchPool(int workers, std::size_t max_queued) : max_queued_(max_queued) {
  for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
}

SearchPool::~SearchPool() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
    queue_.clear();
  }
  ready_.notify_all();
  for (std::thread& t : threads_) t.join();
}

bool SearchPool::submit(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (closing_ || queue_.size() >= max_queued_) return false;
    queue_.push_back(std::move(job));
  }
  ready_.notify_one();
  return true;
}

void SearchPool::work() {
  while (true) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) return;  // closing
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    job();
  }
}

}  // namespace junqi::runner::web
