// Source Map v3 (https://tc39.es/source-map/): the decoded "mappings" of one generated
// module, position lookup, and the rule for the original path shown in stacks.
// Pure C++: no QuickJS (source_maps.h reads the JSON).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace zts
{

/// One mapping segment; every number is 0-based. source is -1 for a segment that maps to nothing.
struct SourceMapSegment {
    int32_t generated_column = 0;
    int32_t source = -1;
    int32_t line = 0;
    int32_t column = 0;
};

/// An original position: index into SourceMap::sources, 0-based line and column.
struct OriginalPosition {
    int32_t source = -1;
    int32_t line = 0;
    int32_t column = 0;
};

/// The decoded mappings of one generated file, with the display path of each source.
class SourceMap
{
  public:
    /// Decodes a base64-VLQ "mappings" string whose source indices must be < source_count.
    /// Returns false with a reason for malformed input (bad character, truncated VLQ, overflow,
    /// a segment of 2, 3 or more than 5 fields, a negative or out-of-range index); the map is then empty.
    bool decode(std::string_view mappings, size_t source_count, std::string &error);

    /// The original position of the generated 0-based (line, column): the segment with the greatest
    /// generated column <= column on that line, or else the line's first segment. False when the line
    /// has no segment or the chosen segment maps to nothing.
    bool lookup(int32_t line, int32_t column, OriginalPosition &out) const;

    /// Number of decoded segments (tests, diagnostics).
    size_t segment_count() const { return segments_.size(); }

    /// The first generated 0-based line with a segment that maps to source's 0-based line, or -1: where a
    /// debugger breakpoint set on an original (.ts) line stops.
    int32_t generated_line(int32_t source, int32_t line) const;

    std::vector<std::string> sources; ///< display path of each source (source_display_path)

  private:
    std::vector<uint32_t> line_starts_;       ///< first segment of each generated line; one extra end entry
    std::vector<SourceMapSegment> segments_;  ///< all segments, line by line, sorted by generated column
};

/// The path shown for a map source: sourceRoot joined with source, resolved against the folder of the
/// generated module's canonical name (`game/logic` -> `game/`) and normalized (`.` and empty segments
/// dropped, `..` applied; a `..` above the module root is kept, so the path stays relative to the
/// loader's root). A source with a URL scheme (`file:`, `webpack:`) is shown as given; an absolute path
/// is only normalized.
std::string source_display_path(std::string_view module_name, std::string_view source_root, std::string_view source);

/// path with "." and empty segments dropped and ".." applied; a leading "/" is kept, and so are ".." segments above
/// a relative path's start (the debugger resolves a map's sources against the module's file with it).
std::string normalize_path(std::string_view path);

/// Decodes standard base64 (padding optional, no whitespace); false for any other character.
bool base64_decode(std::string_view text, std::string &out);

} // namespace zts
