// CDP RemoteObjects (Runtime.RemoteObject) of JS values, and the object ids a client may expand: each id holds a
// reference to its value until the pause ends (group "pause"), the client releases it, or the session closes.
#pragma once

#include "inspector/json.h"
#include "quickjs.h"

#include <string>
#include <unordered_map>
#include <vector>

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
    /// Releases ids; while a Walk is held they are released when the last Walk ends (ids made after the request
    /// stay).
    void release(JSContext *ctx, const std::string &id);
    void release_group(JSContext *ctx, const std::string &group);
    void release_all(JSContext *ctx);

    /// Held while JS runs with a value of an id borrowed (find) or a properties walk is on one: a getter or Proxy
    /// trap may log (console() releases the "console" group every 1000 arguments) or the client's JS may release
    /// groups, which would free the object under the walk. Releases asked for meanwhile wait for the last Walk.
    class Walk
    {
      public:
        Walk(RemoteObjects &objects, JSContext *ctx) : objects_(objects), ctx_(ctx) { objects_.walks_++; }
        ~Walk();
        Walk(const Walk &) = delete;
        Walk &operator=(const Walk &) = delete;

      private:
        RemoteObjects &objects_;
        JSContext *ctx_;
    };

  private:
    struct Held {
        JSValue value;
        std::string group;
        uint64_t serial; ///< ids are made in serial order: a release waiting for a Walk spares later ones
    };
    /// A release asked for during a Walk: of id, or of group, or of all (both empty); of ids older than before.
    struct Waiting {
        std::string id;
        std::string group;
        uint64_t before;
    };
    std::string hold(JSContext *ctx, JSValueConst v, const std::string &group);
    void release_where(JSContext *ctx, const Waiting &w);
    std::unordered_map<std::string, Held> held_;
    uint64_t next_ = 1;
    int walks_ = 0;
    std::vector<Waiting> waiting_;
};

/// The UTF-8 text of String(v), "" when that throws (the exception is dropped).
std::string to_utf8(JSContext *ctx, JSValueConst v);

/// The UTF-8 text of atom, "" for JS_ATOM_NULL.
std::string atom_text(JSContext *ctx, JSAtom atom);

/// The description text of a value (what a client shows collapsed), at most ~100 characters.
std::string describe_text(JSContext *ctx, JSValueConst v);

} // namespace zts::dbg
