// The host of the libFuzzer targets: the real gate, a loader and host functions the target sets, and a
// fresh domain per input with the script limits on (so `for(;;){}` or a huge allocation in an input is stopped,
// not a timeout) and the QuickJS leak check at its end. Not GoogleTest: failures abort, as libFuzzer expects.
#pragma once

#include "zts/zts.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace zts_fuzz
{

/// A host function reached through the gate; returns its result (owned), or sets *error to make it throw.
using HostFn = std::function<zts_value(zts_domain *d, int32_t argc, zts_value *argv, zts_value *data, std::string *error)>;

/// What the callbacks of the current input do; reset by new_domain.
struct Host {
    zts_domain *d = nullptr;
    std::function<void(const std::string &specifier, const std::string &importer, zts_load_request *req)> load;
    std::function<void(const std::string &name, zts_type_request *req)> resolve;
    std::function<void(int32_t type_id, zts_type_request *req)> bind;
    std::vector<HostFn> functions; ///< by bridge id (gate data[0])
};

/// The host of the running input.
Host &host();

/// Registers the callbacks and the gate once per process, clears the callbacks of the previous input, and makes a
/// domain with the fuzzing limits (heap, call budget, stack, job limit).
zts_domain *new_domain();

/// Frees the domain; aborts when QuickJS leaked (JS_FreeRuntime's count is not 0).
void free_domain();

/// Adds a host function; returns its bridge id.
int32_t bridge(HostFn fn);

/// The undefined value.
zts_value undefined_value();

/// Aborts with a message (a finding) when ok is false.
void check(bool ok, const char *what);

/// The last error message of the domain (UTF-8).
std::string error_message(zts_domain *d);

} // namespace zts_fuzz
