#include "runner/web/four_web_game.h"

#include <algorithm>
#include <cmath>

#include "engine/error.h"
#include "engine/four/notation.h"
#include "runner/game/four_bot_of.h"
#include "runner/game/four_record.h"
#include "runner/game/four_replay.h"
#include "runner/web/api_error.h"
#include "runner/web/four_seen.h"
#include "runner/web/search_run.h"
#include "runner/web/seen_view.h"
#include "search/bot.h"
#include "search/four_greedy_bot.h"

namespace junqi::runner::web {
namespace {

using namespace junqi::engine;
namespace four = junqi::engine::four;
using nlohmann::json;

// The reason each seat the view was told went out, by seat ("" for a seat still in).
std::array<std::string, four::kSeats> out_reasons(const four::FourView& view) {
  std::array<std::string, four::kSeats> reasons;
  for (const four::Token& t : view.history())
    if (t.kind == four::Token::Kind::kOut) reasons[t.seat] = std::string(reason_name(t.reason));
  return reasons;
}

}  // namespace

FourWebGame::FourWebGame(std::string id, FourGameOptions options, SearchPool& pool)
    : id_(std::move(id)), options_(std::move(options)), pool_(pool), start_time_(utc_timestamp()) {
  if (options_.rules.kind != GameKind::kFour) throw Error("a four-player game needs the rules of kind four");
  search::make_bot(options_.bot);  // a bad config fails here, by name, as for `junqi play`
  for (int seat = 0; seat < four::kSeats; ++seat) {
    std::unique_ptr<search::FourBot>& bot = seat == options_.person ? hint_bot_ : bots_[seat];
    bot = four_bot_of(options_.bot);
    if (!bot) throw Error("bot '" + options_.bot.name + "' does not play the four-player game");
  }
  reset_bots();
  if (const auto e = deployment_error(options_.deployment, kRed)) throw Error("your deployment: " + *e);
  for (int seat = 0; seat < four::kSeats; ++seat)
    deployments_[seat] = seat == options_.person ? options_.deployment : bots_[seat]->deploy();
  rebuild(0);
}

void FourWebGame::reset_bots() {
  // The referee's seeds at first; after a takeback new ones, so that no bot replays a line
  // it searched in the taken-back game.
  const uint64_t base = (options_.seed + bot_resets_++ * 0x9e3779b97f4a7c15ull) * four::kSeats;
  for (int seat = 0; seat < four::kSeats; ++seat)
    (seat == options_.person ? hint_bot_ : bots_[seat])
        ->new_game(four::Seat(seat), options_.rules, base + uint64_t(seat));
}

void FourWebGame::start() {
  std::lock_guard lock(mutex_);
  queue_bots();
}

four::Status FourWebGame::status() const { return play_->game().status(); }

void FourWebGame::rebuild(std::size_t plies) {
  std::vector<MoveRecord> moves = std::move(moves_);
  moves.resize(std::min(plies, moves.size()));
  moves_.clear();
  eliminations_.clear();
  seen_.clear();
  play_.emplace(four::FourGame(options_.rules, deployments_));
  // One by one, so that the person's SeenPly of each is rebuilt too.
  for (const MoveRecord& m : moves) apply(m.move, m.ms);
}

void FourWebGame::apply(Move m, int64_t ms) {
  SeenPly ply;
  ply.seat = to_move();
  ply.mover = four_piece_text(person_view().board().piece_on(from_sq(m)));
  ply.target = four_piece_text(person_view().board().piece_on(to_sq(m)));
  const four::Step step = play_->apply(m);
  ply.text = four_tokens_text(step.seen[options_.person]);
  // Records keep a fight's piece types, as the referee's do.
  moves_.push_back(
      {step.move, step.outcome, Piece(type_of(step.attacker)), Piece(type_of(step.defender)), ms});
  for (const Elimination& e : eliminations_of(step, int(moves_.size()))) eliminations_.push_back(e);
  seen_.push_back(std::move(ply));
  hint_.clear();
}

void FourWebGame::queue_bots() {
  if (over() || to_move() == options_.person || thinking_) return;
  queue_search(pool_, shared_from_this(), &FourWebGame::bot_moves, thinking_, bot_stop_, closing_,
               "try the move again");
}

void FourWebGame::bot_moves() {
  std::unique_lock lock(mutex_);
  // Once the server closes, no bot starts another search (the pool waits for this job).
  while (!closing_ && !over() && to_move() != options_.person) {
    const uint64_t generation = generation_;
    const int seat = to_move();
    search::FourBot& bot = *bots_[seat];
    search::Limits limits;  // the config's own budget
    limits.stop = &bot_stop_;
    const four::FourView view = play_->view(seat);
    lock.unlock();
    const SearchRun run = run_search(bot, [&](search::FourBot& b) { return b.choose_move(view, limits); });
    lock.lock();
    if (generation != generation_ || over()) break;
    bot_info_ = four_seat_name(seat) + ": " + run.info.text;
    // An opponent answers the person's draw offer for its team with this search: it
    // agrees when the search sees its team's game as drawn or lost (win rate at most 1/2;
    // a bot that reports none declines).
    if (draw_offer_ == "pending" && four::team_of(four::Seat(seat)) != four::team_of(four::Seat(options_.person))) {
      if (run.failure.empty() && run.info.winrate >= 0 && run.info.winrate <= 0.5) {
        draw_offer_ = "accepted";
        ended_ = Ending{four::Result::kDraw, "agreement",
                        std::string(1, four_seat_letter(seat)) + ": accepted the draw offer"};
        ++generation_;
        break;
      }
      draw_offer_ = "declined";
    }
    if (!run.failure.empty())
      lose(seat, "illegal-move", "the bot failed: " + run.failure);
    else if (run.move == kNullMove)
      lose(seat, "resign", "resigned");
    else if (!play_->game().is_legal(run.move))
      lose(seat, "illegal-move", four::move_string(run.move) + " is not legal");
    else
      apply(run.move, run.ms);
  }
  thinking_ = false;
}

void FourWebGame::lose(int seat, const std::string& reason, const std::string& detail) {
  ended_ = Ending{four::win_for_team(1 - four::team_of(four::Seat(seat))), reason,
                  std::string(1, four_seat_letter(seat)) + ": " + detail};
  ++generation_;
  bot_stop_ = hint_stop_ = true;
}

void FourWebGame::play(const std::string& move_text) {
  std::lock_guard lock(mutex_);
  if (over()) throw ApiError(409, "the game is over");
  if (to_move() != options_.person) throw ApiError(409, "it is " + four_seat_name(to_move()) + "'s turn");
  Move m;
  try {
    m = four::parse_move(move_text);
  } catch (const Error& e) {
    throw ApiError(400, e.what());
  }
  if (!play_->game().is_legal(m)) throw ApiError(400, move_text + " is not a legal move");
  apply(m, 0);
  try {
    queue_bots();
  } catch (const ApiError&) {
    rebuild(seen_.size() - 1);  // no search to answer it: the move is not played
    throw;
  }
}

void FourWebGame::undo() {
  std::lock_guard lock(mutex_);
  if (thinking_) throw ApiError(409, "the bots are moving: undo once they have");
  if (hint_thinking_) throw ApiError(409, "a hint is being searched: undo once it has answered");
  if (ended_) throw ApiError(409, "the game ended by " + ended_->reason + ": it cannot be taken back");
  std::size_t last = seen_.size();
  while (last > 0 && seen_[last - 1].seat != options_.person) --last;
  if (last == 0) throw ApiError(409, "you have made no move to take back");
  rebuild(last - 1);
  ++generation_;
  draw_offer_ = "none";
  reset_bots();
}

void FourWebGame::resign() {
  std::lock_guard lock(mutex_);
  if (over()) throw ApiError(409, "the game is over");
  lose(options_.person, "resign", "resigned");
}

void FourWebGame::offer_draw() {
  std::lock_guard lock(mutex_);
  if (over()) throw ApiError(409, "the game is over");
  if (draw_offer_ == "pending") throw ApiError(409, "your draw offer is already on the table");
  draw_offer_ = "pending";
}

json FourWebGame::belief(int samples) const {
  std::unique_lock lock(mutex_);
  const four::FourView view = person_view();
  const uint64_t seed = options_.seed + seen_.size();
  lock.unlock();
  // The four-seat greedy bot's marginals: each piece's types counted over worlds drawn
  // from the view, every one consistent with all the person has seen.
  Rng rng(seed);
  const search::FourMarginals marginals = search::four_marginals(view, rng, samples);
  json pieces = json::array();
  for (four::Bitboard b = view.board().occupied(); b;) {
    const Square sq = four::pop_lsb(b);
    if (type_of(view.board().piece_on(sq)) != kUnknownType) continue;  // known: nothing to guess
    json types = json::object();
    for (int t = 0; t < kPieceTypes; ++t)
      if (marginals[sq][t] > 0) types[std::string(1, type_char(PieceType(t)))] = std::round(marginals[sq][t] * 1000) / 1000;
    pieces.push_back({{"square", four::square_name(sq)}, {"types", types}});
  }
  return {{"samples", samples}, {"pieces", pieces}};
}

void FourWebGame::request_hint() {
  std::lock_guard lock(mutex_);
  if (over()) throw ApiError(409, "the game is over");
  if (to_move() != options_.person) throw ApiError(409, "a hint is for your own turn");
  if (hint_thinking_ || !hint_.empty()) return;
  queue_search(pool_, shared_from_this(), &FourWebGame::hint_search, hint_thinking_, hint_stop_, closing_,
               "ask again later");
}

void FourWebGame::hint_search() {
  std::unique_lock lock(mutex_);
  const uint64_t generation = generation_;
  const std::size_t ply = seen_.size();
  const four::FourView view = person_view();
  search::Limits limits;  // the config's own budget
  limits.stop = &hint_stop_;
  lock.unlock();
  const SearchRun run =
      run_search(*hint_bot_, [&](search::FourBot& b) { return b.choose_move(view, limits); });
  lock.lock();
  hint_thinking_ = false;
  // A search that fails gives no hint rather than a wrong one.
  if (generation == generation_ && ply == seen_.size() && run.failure.empty() && run.move != kNullMove)
    hint_ = four::move_string(run.move);
}

void FourWebGame::stop_searches() {
  std::lock_guard lock(mutex_);
  closing_ = bot_stop_ = hint_stop_ = true;
}

json FourWebGame::state() {
  std::lock_guard lock(mutex_);
  const four::FourView& view = person_view();
  const int me = options_.person;
  json s;
  s["id"] = id_;
  s["kind"] = std::string(kind_name(GameKind::kFour));
  s["rules"] = json::object();
  for (const auto& [key, value] : options_.rules.entries()) s["rules"][key] = value;
  s["seat"] = four_seat_name(me);
  s["bot"] = options_.bot.name;
  s["deployment"] = deployment_string(options_.deployment);
  s["ply"] = seen_.size();
  s["to_move"] = four_seat_name(view.board().side_to_move());
  s["thinking"] = thinking_;
  s["hint_pending"] = hint_thinking_;
  s["hint"] = hint_.empty() ? json(nullptr) : json(hint_);
  s["bot_info"] = bot_info_;
  const bool is_over = over();
  s["over"] = is_over;
  s["your_turn"] = !is_over && view.our_turn();
  // The seats as the person knows them: who plays each, which team, whether it is out
  // (and why, as the referee told every seat) and how many pieces it has on the board.
  const std::array<std::string, four::kSeats> reasons = out_reasons(view);
  json seats = json::array();
  for (int seat = 0; seat < four::kSeats; ++seat) {
    const four::Seat st = four::Seat(seat);
    seats.push_back({{"seat", four_seat_name(seat)},
                     {"letter", std::string(1, four::seat_letter(st))},
                     {"player", seat == me ? "you" : options_.bot.name},
                     {"team", four::team_of(st) == four::team_of(four::Seat(me)) ? "yours" : "theirs"},
                     {"partner", st == four::ally_of(four::Seat(me))},
                     {"out", view.out(st)},
                     {"out_reason", reasons[seat].empty() ? json(nullptr) : json(reasons[seat])},
                     {"pieces", popcount(view.board().pieces(st))}});
  }
  s["seats"] = seats;
  if (is_over) {
    const four::Status game_status = status();
    const four::Result result = ended_ ? ended_->result : game_status.result;
    s["result"] = std::string(four_result_name(result));
    s["reason"] = ended_ ? ended_->reason : std::string(reason_name(game_status.reason));
    s["winner"] = result == four::Result::kDraw                                 ? "draw"
                  : result == four::win_for_team(four::team_of(four::Seat(me))) ? "you"
                                                                                : "opponents";
  }
  s["board"] = seen_board(view);
  json legal = json::array();
  if (s["your_turn"].get<bool>()) {
    four::MoveList list;
    view.legal_moves(list);
    for (Move m : list) legal.push_back(four::move_string(m));
  }
  s["legal"] = legal;
  json moves = json::array();
  for (const SeenPly& p : seen_)
    moves.push_back(
        {{"text", p.text}, {"seat", four_seat_name(p.seat)}, {"mover", p.mover}, {"target", p.target}});
  s["moves"] = moves;
  s["draw_offer"] = draw_offer_;
  s["can_undo"] = !ended_ && !thinking_ && !hint_thinking_ &&
                  std::any_of(seen_.begin(), seen_.end(), [me](const SeenPly& p) { return p.seat == me; });
  return s;
}

GameRecord FourWebGame::record() {
  std::lock_guard lock(mutex_);
  if (!over())
    throw ApiError(409, "the record holds every seat's deployment: it is given once the game is over");
  GameRecord r;
  r.id = id_;
  r.seed = options_.seed;
  r.start_time = start_time_;
  r.rules = options_.rules;
  // Teams named as `junqi play` names them: the person's "you+BOT".
  const int my_team = four::team_of(four::Seat(options_.person));
  (my_team == 0 ? r.red : r.blue) = "you+" + options_.bot.name;
  (my_team == 0 ? r.blue : r.red) = options_.bot.name;
  for (int seat = 0; seat < four::kSeats; ++seat) {
    r.seat_players[seat] = seat == options_.person ? "you" : options_.bot.name;
    if (seat != options_.person) r.seat_settings[seat] = options_.bot.params;
    r.seat_deployments[seat] = deployment_string(deployments_[seat]);
  }
  r.time_control = "bots' own budget";
  r.moves = moves_;
  r.eliminations = eliminations_;
  const four::Status game_status = status();
  r.result = std::string(four_result_name(ended_ ? ended_->result : game_status.result));
  r.reason = ended_ ? ended_->reason : std::string(reason_name(game_status.reason));
  if (ended_) r.detail = ended_->detail;
  return r;
}

}  // namespace junqi::runner::web
