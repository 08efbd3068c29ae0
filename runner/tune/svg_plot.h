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

// Throws nothing; an empty or flat chart still draws (the y range is widened).
std::string svg_line_chart(const std::string& title, const std::string& x_label, const std::vector<PlotSeries>& series);

}  // namespace junqi::runner
