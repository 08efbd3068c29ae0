#pragma once
// A line chart as a self-contained SVG file (polylines, axes, a legend): enough to look
// at tuning trajectories in a browser without a plotting package.

#include <string>
#include <vector>

namespace junqi::runner {

struct PlotSeries {
  std::string name;
  std::vector<double> y;  // y[i] is plotted at x = i
};

// Axis ticks as people draw them: multiples of 1, 2 or 5 times a power of ten, about
// `target` of them within [lo, hi] (integers only, when `integer`, for iteration counts).
std::vector<double> nice_ticks(double lo, double hi, int target, bool integer);

// Throws nothing; an empty or flat chart still draws (the y range is widened). Iterations
// are ticked at whole numbers, values at round ones, and a zero inside the range is a line.
std::string svg_line_chart(const std::string& title, const std::string& x_label, const std::vector<PlotSeries>& series);

}  // namespace junqi::runner
