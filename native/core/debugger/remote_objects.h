// CDP RemoteObjects (Runtime.RemoteObject) of JS values, and the object ids a client may expand: each id holds a
// reference to its value until the pause ends (group "pause"), the client releases it, or the session closes.
#pragma once

#include "debugger/json.h"
#include "quickjs.h"

#include <string>
#include <unordered_map>

namespace zts::dbg
{

class RemoteObjects
{
  public:
    /// The RemoteObject of v; an object gets an id in group (a reference kept until the group is released).
    Json describe(JSContext *ctx, JSValueConst v, const std::string &group = "pause");
    /// The value of id (borrowed), or JS_UNINITIALIZED when the id is unknown or released.
    JSValueConst find(const std::string &id) const;
    /// Runtime.getProperties' result list for the object of id. A C# object's (or struct copy's) members are
    /// getters on its type's prototype: they are listed and read now, through the same property access JS uses.
    Json properties(JSContext *ctx, JSValueConst obj, bool own_only, bool accessors_only);
    void release(JSContext *ctx, const std::string &id);
    void release_group(JSContext *ctx, const std::string &group);
    void release_all(JSContext *ctx);

  private:
    struct Held {
        JSValue value;
        std::string group;
    };
    std::string hold(JSContext *ctx, JSValueConst v, const std::string &group);
    std::unordered_map<std::string, Held> held_;
    uint64_t next_ = 1;
};

/// The UTF-8 text of String(v), "" when that throws (the exception is dropped).
std::string to_utf8(JSContext *ctx, JSValueConst v);

/// The UTF-8 text of atom, "" for JS_ATOM_NULL.
std::string atom_text(JSContext *ctx, JSAtom atom);

/// The description text of a value (what a client shows collapsed), at most ~100 characters.
std::string describe_text(JSContext *ctx, JSValueConst v);

} // namespace zts::dbg
