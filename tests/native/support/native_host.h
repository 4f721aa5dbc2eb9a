// A minimal C++ host for the core's tests: a map of module sources as the
// loader, C++ host functions behind the real gate, and a leak check at teardown.
#pragma once

#include "zts/zts.h"
#include "zts_mono_gate.h"

#include <functional>
#include <gtest/gtest.h>
#include <map>
#include <string>
#include <vector>

namespace zts_test
{

/// A host function reached through the gate: returns a value, or sets *error to fail.
using HostFn = std::function<zts_value(zts_domain *d, int argc, zts_value *argv, zts_value *data, std::string *error)>;

/// Test fixture: one domain per test, freed in TearDown with QuickJS's leak count asserted zero.
class NativeHost : public ::testing::Test
{
  public:
    void SetUp() override;
    void TearDown() override;

    /// Adds (or replaces) a module source for the loader.
    void module(const std::string &name, const std::string &source) { sources_[name] = source; }
    /// Adds (or replaces) the source map JSON the loader gives with a module (zts_load_request_set_source_map).
    void source_map(const std::string &name, const std::string &json) { maps_[name] = json; }
    /// Defines a gated global function backed by fn.
    void host_function(const std::string &path, HostFn fn);
    /// GetFunction: import + export ref; asserts success.
    int32_t function(const std::string &module, const std::string &export_name);
    /// Calls ref with int arguments, returning the status; *out receives the result.
    int32_t call(int32_t ref, const std::vector<zts_value> &args, zts_value *out);
    /// The last error message of the domain.
    std::string error_message();
    /// Converts and frees a string result.
    std::string take_string(zts_value v);

    zts_domain *d = nullptr;
    std::map<std::string, std::string> sources_;
    std::map<std::string, std::string> maps_; ///< source maps by module name
    std::vector<std::string> loads_; ///< "importer->specifier" of every host load
    std::vector<HostFn> functions_;  ///< host functions by gate data id
    /// Adds a host function without defining a global (a CLR member bridge); returns its id.
    int32_t bridge(HostFn fn)
    {
        functions_.push_back(std::move(fn));
        return static_cast<int32_t>(functions_.size() - 1);
    }
    std::function<void(const std::string &, zts_type_request *)> resolve_; ///< type_resolve, when set
    std::function<void(const std::string &, zts_type_request *)> list_;    ///< namespace_list, when set
    std::function<int32_t(int32_t, zts_type_request *)> bind_;             ///< type_bind, when set
    std::function<void(const std::string &)> on_load_; ///< runs inside module_load before it answers, when set

    /// Set before SetUp (a fixture's constructor): the domain is made before the callback table is registered,
    /// which docs/C_ABI.md allows (host_call is captured when it is first needed).
    bool register_after_domain_ = false;

    static NativeHost *current; ///< the running test's host (callbacks are process-wide)
};

/// UTF-16 chars of an ASCII text (as the core's UTF-16 buffers give them) as a std::string.
inline std::string ascii(const uint16_t *chars, int32_t n)
{
    std::string out;
    for (int32_t i = 0; i < n; i++) {
        out.push_back(static_cast<char>(chars[i]));
    }
    return out;
}

inline zts_value int_value(int32_t i)
{
    zts_value v;
    v.u.bits = 0;
    v.u.int32 = i;
    v.tag = ZTS_TAG_INT;
    return v;
}

inline zts_value undefined_value()
{
    zts_value v;
    v.u.bits = 0;
    v.tag = ZTS_TAG_UNDEFINED;
    return v;
}

} // namespace zts_test
