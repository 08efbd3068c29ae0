#include "engine/diagram.h"

namespace junqi::engine {

std::string diagram(const JfenFields& f) {
  const auto& T = Board::kT;
  std::string out;
  for (int rank = Board::kRanks; rank >= 1; --rank) {
    if (rank < 10) out += ' ';
    out += std::to_string(rank);
    out += ' ';
    for (int file = 0; file < Board::kFiles; ++file) {
      const Square s = Board::square(file, rank);
      const auto bb = square_bb(s);
      const bool down = f.face_down & bb;
      const char piece = f.board[s] != kNoPiece ? piece_char(f.board[s]) : down ? '?' : (T.railway & bb) ? '=' : '.';
      const char* frame = down ? "{}" : (T.camps & bb) ? "()" : (T.headquarters & bb) ? "[]" : "  ";
      out += frame[0];
      out += piece;
      out += frame[1];
    }
    out += '\n';
    if (rank == 7) out += "    |  ^  |  ^  |\n";
  }
  out += "    a  b  c  d  e\n";
  const char* mover = !f.colours_assigned ? (f.side == kRed ? "First player" : "Second player")
                      : f.side == kRed     ? "Red"
                                           : "Blue";
  out += std::string(mover) + " to move, quiet plies " +
         std::to_string(f.quiet_plies) + ", ply " + std::to_string(f.ply) + "\n";
  return out;
}

}  // namespace junqi::engine
