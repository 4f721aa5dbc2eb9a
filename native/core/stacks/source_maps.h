// The source maps of a domain's modules, keyed by canonical module name: read from the
// Source Map v3 JSON a host loader gives (zts_load_request_set_source_map) or from an
// inline `//# sourceMappingURL=data:application/json;base64,...` comment.
#pragma once

#include "quickjs.h"
#include "stacks/source_map.h"

#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace zts
{

/// Per-domain map store; the backtrace hook reads it (backtrace_hook.h).
class SourceMaps
{
  public:
    /// Parses map JSON (with ctx's JSON parser; nothing stays pending) and registers it for module,
    /// replacing an older map. False with a reason when the JSON or the map is malformed or not
    /// version 3 (index maps with "sections" are not supported); module's old map is dropped then.
    bool add(JSContext *ctx, const std::string &module, std::string_view json, std::string &error);

    /// Registers an already decoded map for module (tests, and hosts of the core that decode themselves).
    void put(const std::string &module, SourceMap map) { maps_[module] = std::move(map); }

    /// Forgets module's map (a reload without one).
    void remove(const std::string &module) { maps_.erase(module); }

    /// The map of module, or nullptr. Never allocates.
    const SourceMap *find(std::string_view module) const
    {
        auto it = maps_.find(module);
        return it == maps_.end() ? nullptr : &it->second;
    }

    /// Appends "path:line:col" (1-based) of the original position of module's 1-based (line, col) to out;
    /// false (out unchanged) when module has no map or the position maps to nothing.
    bool append_original(std::string_view module, int32_t line, int32_t col, std::string &out) const;

    bool empty() const { return maps_.empty(); }
    size_t size() const { return maps_.size(); }

  private:
    std::map<std::string, SourceMap, std::less<>> maps_;
};

/// The JSON of the inline map named by source's last `//# sourceMappingURL=data:application/json;base64,`
/// comment (an optional `charset=utf-8;` is accepted). False when there is none or it is not valid base64.
bool inline_source_map(std::string_view source, std::string &json);

} // namespace zts
