#pragma once
// Game records (NOTATION.md "Game records"): one JSON object per game, one per line,
// appended and flushed game by game so a crash never loses a finished game.

#include <array>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/deployment.h"
#include "engine/rules.h"
#include "engine/types.h"

namespace junqi::runner {

// One ply as the referee saw it: the fight's pieces are the true identities.
struct MoveRecord {
  engine::Move move = engine::kNullMove;
  engine::Outcome outcome = engine::Outcome::kQuiet;
  engine::Piece attacker = engine::kNoPiece;  // fights only
  engine::Piece defender = engine::kNoPiece;  // fights only
  int64_t ms = 0;                             // thinking time
  engine::Piece turned_up = engine::kNoPiece;  // flips only (flip game): the piece turned up
};

// A seat of a four-player game going out (RULES.md §8): its seat (0-3 = S, E, N, W), the
// number of plies played when it went, and why: `flag`, `no-moves` or `no-movable-pieces`.
struct Elimination {
  int seat = 0;
  int ply = 0;
  std::string reason;
  bool operator==(const Elimination&) const = default;
};

constexpr int kFourSeats = 4;

struct GameRecord {
  std::string id;
  uint64_t seed = 0;
  std::string start_time;  // UTC, ISO 8601
  engine::Rules rules;
  std::string red, blue;   // player names, by the colour they played
  std::map<std::string, std::string> red_settings, blue_settings;  // Player::settings()
  std::string time_control;
  // Empty when that side's deployment was never valid (the game ended before play), and
  // in the flip game, which has none.
  std::string red_deployment, blue_deployment;
  // The flip game: the starting layout (flip JFEN, every face-down identity), and the
  // colour the first player to act was given (Red while colours were never assigned).
  std::string layout;
  engine::Color first_colour = engine::kRed;
  // The four-player game (kind four): `red` and `blue` name the two teams, South+North
  // (whose South moves first) and East+West, so "1-0" is a win of South and North and
  // players() lists the teams. The seats' own players, settings and deployments (each in
  // its seat's frame) are here, by seat S, E, N, W; a fight's pieces in `moves` are piece
  // types (the seats follow from the squares).
  std::array<std::string, kFourSeats> seat_players;
  std::array<std::map<std::string, std::string>, kFourSeats> seat_settings;
  std::array<std::string, kFourSeats> seat_deployments;
  std::vector<Elimination> eliminations;  // in the order the seats went out
  std::vector<MoveRecord> moves;
  std::string result;  // "1-0", "0-1", "1/2-1/2"
  std::string reason;  // flag, no-moves, no-capture-draw, max-plies, resign, illegal-move, ...
  std::string detail;  // for faults: what the player did

  // The players by seat: 0 = red and 1 = blue in the dark and open games, 0 = the first
  // to act in the flip game; the teams (South+North, East+West) in the four-player game.
  std::vector<std::string> players() const {
    return first_colour == engine::kRed ? std::vector{red, blue} : std::vector{blue, red};
  }
  engine::Color colour_of_seat(int seat) const { return seat == 0 ? first_colour : ~first_colour; }
  // What the player in `seat` scored: 1, 1/2 or 0.
  double points(int seat) const;
};

// A ply as records write it: "a6xa7<" (the referee's annotation), or a flip with the
// piece it turned up, "b7^t"; in the four-player game "Sa6xCa1<".
std::string move_text(const MoveRecord& m, engine::GameKind kind = engine::GameKind::kDark);

// The current time as records write start_time: UTC, ISO 8601 ("2026-01-31T12:00:00Z").
std::string utc_timestamp();

std::string to_json_line(const GameRecord& record);
// Throws engine::Error naming the field for a malformed record.
GameRecord parse_record(const std::string& line);
// Every record of a file, in order; errors name the file and line.
std::vector<GameRecord> read_records(const std::string& path);

// Appends records to a JSONL file, each flushed to disk before append() returns.
class RecordWriter {
 public:
  explicit RecordWriter(const std::string& path);  // throws engine::Error if it cannot open
  ~RecordWriter();
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;
  void append(const GameRecord& record);
  // For threads sharing one writer: a line from to_json_line() (made outside the lock)
  // appended and flushed to the kernel only, so it survives the process being killed;
  // sync() (thread-safe, outside the lock) then forces it to disk. One game's
  // serialization and fsync then do not hold up the others.
  void append_line(const std::string& json_line);
  void sync() const;

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  int fd_ = -1;
};

}  // namespace junqi::runner
