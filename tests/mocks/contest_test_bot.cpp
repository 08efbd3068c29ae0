// A contest-protocol bot (2012 军棋博弈项目协议) written from the protocol's description
// alone, not from runner/contest_protocol, so that it checks the runner independently.
// It keeps its own board in its own frame (rows A..L from its far side, columns 0..4
// from its own left), checks every message's fixed width, field positions and frame,
// and plays legal one-step moves (attacks preferred). A violation is printed as
// "contest_test_bot: VIOLATION: ..." on stderr and ends it with status 2.
//
// It behaves like a real contest bot in the ways the runner must cope with: it writes
// a log file where it stands (and fails if it cannot or if one is already there, which
// means the directory was not fresh) and the file bot.pid with its process id.
//
// Options (N counts the GO messages answered before misbehaving):
//   --crash-after N    exit with status 3 instead of answering GO number N+1
//   --hang-after N     never answer GO number N+1
//   --garbage-after N  answer GO number N+1 with a malformed BESTMOVE
//   --illegal-after N  answer GO number N+1 with a well-formed move of its flag
//   --flood-after N    answer GO number N+1 with one line of several megabytes
//   --bad-array        deploy the flag outside the headquarters
//   --short-array      answer START with a malformed ARRAY
//   --silent-info      never answer INFO
//   --bare-name TEXT   answer INFO with TEXT alone instead of NAME contest-test-bot
//   --ignore-end       stay after END (and after the end of input)
//   --need FILE        exit with status 5 unless FILE is in the working directory
//   --seed S           seed of its move choices
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

constexpr int kRows = 12, kCols = 5;
// NOTATION.md's sample deployment "LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC" in the contest's
// letters and ARRAY order (rows G..L, camps skipped): G = its front rank "ERPDC", ...,
// L = its back rank "LFLPE" (flag in L1).
constexpr const char* kArray = "idhcgfbechakedggjkfijljhi";
// The same with the flag (L1) and the mine beside it (L0) swapped: flag outside the HQ.
constexpr const char* kBadArray = "idhcgfbechakedggjkfiljjhi";

std::ofstream g_log;

[[noreturn]] void violation(const std::string& what, const std::string& line) {
  std::cerr << "contest_test_bot: VIOLATION: " << what << ": '" << line << "'" << std::endl;
  if (g_log) g_log << "VIOLATION: " << what << ": '" << line << "'" << std::endl;
  std::exit(2);
}

[[noreturn]] void hang() {
  while (true) std::this_thread::sleep_for(std::chrono::seconds(1));
}

bool is_camp(int r, int c) {
  return ((r == 7 || r == 9 || r == 2 || r == 4) && (c == 1 || c == 3)) || ((r == 8 || r == 3) && c == 2);
}
bool is_hq(int r, int c) { return (r == 0 || r == 11) && (c == 1 || c == 3); }
bool on_board(int r, int c) { return r >= 0 && r < kRows && c >= 0 && c < kCols; }

// Road and railway links one step long (RULES.md §1 seen from one side): orthogonal
// neighbours inside a half, across the front only in columns 0, 2 and 4 (mountains in
// 1 and 3), and the diagonals of every camp.
bool linked(int r1, int c1, int r2, int c2) {
  if (!on_board(r1, c1) || !on_board(r2, c2)) return false;
  const int dr = std::abs(r1 - r2), dc = std::abs(c1 - c2);
  if (dr + dc == 1) {
    const bool crosses = (r1 <= 5) != (r2 <= 5);
    return !crosses || c1 % 2 == 0;
  }
  if (dr == 1 && dc == 1) return is_camp(r1, c1) || is_camp(r2, c2);
  return false;
}

struct Square {
  int r = -1, c = -1;
};

// "G0" -> {6, 0}; false if the two characters are no square.
bool parse_square(const std::string& s, size_t at, Square& out) {
  if (s[at] < 'A' || s[at] > 'L' || s[at + 1] < '0' || s[at + 1] > '4') return false;
  out = {s[at] - 'A', s[at + 1] - '0'};
  return true;
}
std::string name(Square s) { return {char('A' + s.r), char('0' + s.c)}; }

class Bot {
 public:
  Bot(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      auto next = [&]() -> std::string {
        if (i + 1 >= argc) violation("option without its value", a);
        return argv[++i];
      };
      if (a == "--crash-after")
        crash_after_ = std::stoi(next());
      else if (a == "--hang-after")
        hang_after_ = std::stoi(next());
      else if (a == "--garbage-after")
        garbage_after_ = std::stoi(next());
      else if (a == "--illegal-after")
        illegal_after_ = std::stoi(next());
      else if (a == "--flood-after")
        flood_after_ = std::stoi(next());
      else if (a == "--bad-array")
        bad_array_ = true;
      else if (a == "--short-array")
        short_array_ = true;
      else if (a == "--silent-info")
        silent_info_ = true;
      else if (a == "--bare-name")
        bare_name_ = next();
      else if (a == "--ignore-end")
        ignore_end_ = true;
      else if (a == "--need")
        need_ = next();
      else if (a == "--seed")
        rng_.seed(std::stoul(next()));
      else
        violation("unknown option", a);
    }
  }

  int run() {
    if (std::ifstream("contest_test_bot.log"))
      violation("the working directory is not fresh", "contest_test_bot.log");
    g_log.open("contest_test_bot.log");
    if (!g_log) {
      std::cerr << "contest_test_bot: cannot write its log in the working directory" << std::endl;
      return 4;
    }
    std::ofstream("bot.pid") << getpid() << std::endl;
    if (!need_.empty() && !std::ifstream(need_)) {
      std::cerr << "contest_test_bot: needs the file " << need_ << std::endl;
      return 5;
    }
    for (std::string line; std::getline(std::cin, line);) {
      g_log << "< " << line << std::endl;
      if (line.starts_with("INFO"))
        on_info(line);
      else if (line.starts_with("START"))
        on_start(line);
      else if (line.starts_with("GO"))
        on_go(line);
      else if (line.starts_with("RESULT"))
        on_result(line);
      else if (line == "END") {
        if (ignore_end_) hang();
        return 0;
      } else
        violation("unknown message", line);
    }
    if (ignore_end_) hang();
    return 0;
  }

 private:
  void say(const std::string& line) {
    g_log << "> " << line << std::endl;
    std::cout << line << std::endl;
  }

  void on_info(const std::string& line) {
    if (line != "INFO 1.0") violation("expected exactly 'INFO 1.0'", line);
    if (silent_info_) hang();
    say(bare_name_.empty() ? "NAME contest-test-bot" : bare_name_);
  }

  void on_start(const std::string& line) {
    // START f tttt ss: f at 6, tttt at 8..11, ss at 13..14.
    if (started_) violation("a second START", line);
    if (line.size() != 15) violation("START is not 15 characters", line);
    if (line[5] != ' ' || line[7] != ' ' || line[12] != ' ')
      violation("START's fields are not where they belong", line);
    if (line[6] != '0' && line[6] != '1') violation("START's f is not 0 or 1", line);
    for (int i : {8, 9, 10, 11, 13, 14})
      if (line[i] < '0' || line[i] > '9') violation("START's tttt or ss is not all digits", line);
    if (std::stoi(line.substr(8, 4)) < 1) violation("START gives no time", line);
    started_ = true;
    first_ = line[6] == '0';
    const std::string array = bad_array_ ? kBadArray : kArray;
    // Own pieces in G..L (camps empty), enemy pieces (X) on every non-camp square of A..F.
    size_t k = 0;
    for (int r = 0; r < kRows; ++r)
      for (int c = 0; c < kCols; ++c) board_[r][c] = is_camp(r, c) ? '0' : r >= 6 ? array[k++] : 'X';
    say(short_array_ ? "ARRAY abc" : "ARRAY " + array);
  }

  // Checks FF at `at` of line; `fight` tells whether the message reports a fight.
  void check_flag(const std::string& line, size_t at, bool fight) {
    const std::string ff = line.substr(at, 2);
    if (ff == "00") {
      if (flag_.r >= 0) violation("the enemy flag square is no longer repeated", line);
      return;
    }
    Square s;
    if (!parse_square(line, at, s)) violation("FF is neither 00 nor a square", line);
    if (!(s.r == 0 && (s.c == 1 || s.c == 3)))
      violation("the enemy flag is not in A1 or A3 (wrong frame?)", line);
    // Once known, the square is repeated even after one of its own pieces took the flag
    // there, so only a first showing must find an enemy piece on it.
    if (flag_.r >= 0) {
      if (s.r != flag_.r || s.c != flag_.c) violation("the enemy flag square changed", line);
      return;
    }
    if (board_[s.r][s.c] != 'X') violation("no enemy piece on the enemy flag square", line);
    if (!fight) violation("the enemy flag is first shown in a message that reports no fight", line);
    flag_ = s;
  }

  // Applies a move's outcome from the mover's point of view (0 died, 1 captured,
  // 2 both died, 3 plain move).
  void apply(Square from, Square to, char result) {
    const char mover = board_[from.r][from.c];
    board_[from.r][from.c] = '0';
    if (result == '1' || result == '3') board_[to.r][to.c] = mover;
    if (result == '2') board_[to.r][to.c] = '0';
  }

  void on_go(const std::string& line) {
    // GO YXYX R FF: from at 3..4, to at 5..6, R at 8, FF at 10..11.
    if (!started_) violation("GO before START", line);
    if (my_move_pending_) violation("GO before the RESULT of its own move", line);
    if (line.size() != 12) violation("GO is not 12 characters", line);
    if (line[2] != ' ' || line[7] != ' ' || line[9] != ' ')
      violation("GO's fields are not where they belong", line);
    if (line.substr(3, 4) == "0000") {
      if (!(first_ && gos_ == 0)) violation("GO 0000 other than for the first player's first move", line);
      if (line != "GO 0000 0 00") violation("the first move's GO is not 'GO 0000 0 00'", line);
    } else {
      if (first_ && gos_ == 0) violation("the first player's first GO reports a move", line);
      Square from, to;
      if (!parse_square(line, 3, from) || !parse_square(line, 5, to))
        violation("GO's move is no squares", line);
      if (board_[from.r][from.c] != 'X')
        violation("the opponent moved from a square without its piece (wrong frame?)", line);
      if (board_[to.r][to.c] == 'X') violation("the opponent moved onto its own piece", line);
      const char r = line[8];
      if (r < '0' || r > '3') violation("GO's result code is not 0..3", line);
      const bool fight = board_[to.r][to.c] != '0';
      if (fight != (r != '3')) violation("GO's result code does not fit the squares (wrong frame?)", line);
      apply(from, to, r);
      check_flag(line, 10, fight);
    }
    if (gos_ == crash_after_) std::exit(3);
    if (gos_ == hang_after_) hang();
    if (gos_ == garbage_after_) {
      say("BESTMOVE G0-F0");
      ++gos_;
      return;
    }
    if (gos_ == flood_after_) {
      say("BESTMOVE " + std::string(4'000'000, 'x'));
      ++gos_;
      return;
    }
    if (gos_ == illegal_after_) {
      for (int c : {1, 3})
        if (board_[11][c] == 'l') {
          say("BESTMOVE L" + std::to_string(c) + "K" + std::to_string(c));  // flags never move
          ++gos_;
          return;
        }
    }
    ++gos_;
    choose();
  }

  void choose() {
    std::vector<std::pair<Square, Square>> moves, attacks;
    for (int r = 0; r < kRows; ++r)
      for (int c = 0; c < kCols; ++c) {
        const char p = board_[r][c];
        if (p < 'a' || p > 'l' || p == 'j' || p == 'l' || is_hq(r, c)) continue;
        for (int dr = -1; dr <= 1; ++dr)
          for (int dc = -1; dc <= 1; ++dc) {
            const int r2 = r + dr, c2 = c + dc;
            if (!linked(r, c, r2, c2)) continue;
            const char q = board_[r2][c2];
            if (q >= 'a' && q <= 'l') continue;         // own piece
            if (q == 'X' && is_camp(r2, c2)) continue;  // no attack into a camp
            (q == 'X' ? attacks : moves).push_back({{r, c}, {r2, c2}});
          }
      }
    const bool attack = !attacks.empty() && (moves.empty() || rng_() % 10 < 7);
    const auto& pool = attack ? attacks : moves;
    if (pool.empty()) {
      say("BESTMOVE 0000");  // no move: the referee should have ended the game
      return;
    }
    last_ = pool[rng_() % pool.size()];
    my_move_pending_ = true;
    say("BESTMOVE " + name(last_.first) + name(last_.second));
  }

  void on_result(const std::string& line) {
    // RESULT R FF: R at 7, FF at 9..10.
    if (!my_move_pending_) violation("RESULT without a move of its own", line);
    if (line.size() != 11) violation("RESULT is not 11 characters", line);
    if (line[6] != ' ' || line[8] != ' ') violation("RESULT's fields are not where they belong", line);
    const char r = line[7];
    if (r < '0' || r > '3') violation("RESULT's code is not 0..3", line);
    const auto [from, to] = last_;
    const bool fight = board_[to.r][to.c] == 'X';
    if (fight != (r != '3')) violation("RESULT's code does not fit its move", line);
    apply(from, to, r);
    my_move_pending_ = false;
    check_flag(line, 9, fight);
  }

  char board_[kRows][kCols]{};
  bool started_ = false, first_ = true, my_move_pending_ = false;
  int gos_ = 0;  // GO messages answered
  std::pair<Square, Square> last_;
  Square flag_;  // the enemy flag once FF named it
  int crash_after_ = -1, hang_after_ = -1, garbage_after_ = -1, illegal_after_ = -1, flood_after_ = -1;
  bool bad_array_ = false, short_array_ = false, silent_info_ = false, ignore_end_ = false;
  std::string bare_name_, need_;
  std::mt19937 rng_{12345};
};

}  // namespace

int main(int argc, char** argv) { return Bot(argc, argv).run(); }
