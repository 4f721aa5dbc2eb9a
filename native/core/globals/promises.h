// Promises that stand for C# tasks. C# -> JS: the host makes a Promise for a Task and settles it from
// its frame pump (promise_new / promise_settle). JS -> C#: the host watches a JS value (Promise, thenable or plain
// value) with a token of its own; settlements are recorded here and taken by the host from its frame pump.
#pragma once

#include "quickjs.h"

#include <cstdint>
#include <deque>
#include <map>
#include <utility>
#include <vector>

struct zts_domain;

namespace zts
{

/// A watched JS promise that settled: the host's token, fulfilled or rejected, and the value or reason (owned).
struct SettledPromise {
    int32_t token = 0;
    bool fulfilled = false;
    JSValue value = JS_UNDEFINED;
};

/// The domain's task promises in both directions.
struct Promises {
    std::map<int32_t, std::pair<JSValue, JSValue>> pending; ///< owned resolve/reject of promises the host settles
    int32_t next_token = 1;
    /// Watched promises that settled, oldest first. A deque: the host takes them from the front one by one, and
    /// erase(begin()) of a vector made a drain of n settlements O(n^2) (tests Promises_Domain).
    std::deque<SettledPromise> settled;

    /// Frees everything (teardown, before the context).
    void clear(JSContext *ctx);
};

/// A new pending Promise (owned) and the token that settles it; ZTS_OK or ZTS_ERR_JS.
int32_t promise_new(zts_domain *d, JSValue *out_promise, int32_t *out_token);

/// Resolves (fulfilled) or rejects the Promise of token with value (consumed); ZTS_ERR_ARGUMENT for an unknown
/// token. Reactions run with the next jobs.
int32_t promise_settle(zts_domain *d, int32_t token, bool fulfilled, JSValue value);

/// Calls Promise.resolve(v).then(...) so that its settlement is recorded under token; v is borrowed.
int32_t promise_watch(zts_domain *d, JSValueConst v, int32_t token);

} // namespace zts
