// The core's side of the inspector seam (inspector_seam.h): what the inspector (native/inspector) reads and sets of a
// domain, so that it includes no other header of the core.
#include "inspector_seam.h"

#include "clr/classes.h"
#include "clr/type_registry.h"
#include "globals/value_inspect.h"
#include "runtime/domain.h"
#include "runtime/script_limits.h"
#include "runtime/script_scope.h"
#include "stacks/source_map.h"

#include <algorithm>
#include <limits>

namespace zts::seam
{

JSRuntime *runtime(const zts_domain *d)
{
    return d->rt;
}

JSContext *context(const zts_domain *d)
{
    return d->ctx;
}

int32_t domain_id(const zts_domain *d)
{
    return static_cast<int32_t>(d->id);
}

bool interrupt_requested(const zts_domain *d)
{
    return d->limits.interrupt_requested.load(std::memory_order_relaxed);
}

bool interrupted(zts_domain *d)
{
    return zts::interrupted(d);
}

std::string interrupt_message(zts_domain *d)
{
    return zts::interrupt_message(d);
}

void set_profiling(zts_domain *d, bool on)
{
    d->limits.profiling = on;
}

int64_t hold_deadline(zts_domain *d)
{
    const int64_t deadline = d->limits.deadline_us;
    d->limits.deadline_us = std::numeric_limits<int64_t>::max();
    return deadline;
}

void restore_deadline(zts_domain *d, int64_t deadline, int64_t held_us)
{
    d->limits.deadline_us = deadline == 0 ? 0 : deadline + held_us;
}

bool source_map_sources(const zts_domain *d, const std::string &module, std::vector<std::string> &sources)
{
    const SourceMap *map = d->source_maps.find(module);
    if (map == nullptr) {
        return false;
    }
    sources = map->sources;
    return true;
}

int32_t source_map_generated_line(const zts_domain *d, const std::string &module, int32_t source, int32_t line)
{
    const SourceMap *map = d->source_maps.find(module);
    return map == nullptr ? -1 : map->generated_line(source, line);
}

bool csharp_member(zts_domain *d, int32_t bridge, std::string &type, std::string &member)
{
    for (int32_t id = 1;; id++) {
        const TypeInfo *t = d->types.find(id);
        if (t == nullptr) {
            return false;
        }
        type = t->full_name;
        for (const MemberSet &m : t->methods) {
            for (const Candidate &c : m.candidates) {
                if (c.bridge == bridge) {
                    member = m.name;
                    return true;
                }
            }
        }
        for (const Accessor &a : t->accessors) {
            if (a.getter == bridge || a.setter == bridge) {
                member = (a.getter == bridge ? "get_" : "set_") + a.name;
                return true;
            }
        }
        for (const Candidate &c : t->constructors.candidates) {
            if (c.bridge == bridge) {
                member = ".ctor";
                return true;
            }
        }
        if (t->element_get == bridge || t->element_set == bridge || t->length_get == bridge) {
            member = t->length_get == bridge ? "Length" : "[]";
            return true;
        }
    }
}

std::string normalize_path(const std::string &path)
{
    return zts::normalize_path(path);
}

bool is_csharp_object(JSValueConst v)
{
    return exotic_payload(v) != nullptr;
}

void append_inspect(JSContext *ctx, JSValueConst v, std::string &out)
{
    zts::append_inspect(ctx, v, out);
}

struct ClientCallScope::State {
    zts_domain *d;
    const int64_t saved_budget;
    const int64_t saved_deadline;
    const int32_t saved_cause;
    ScriptScope scope;
    State(zts_domain *dom)
        : d(dom), saved_budget(dom->limits.budget_us), saved_deadline(dom->limits.deadline_us),
          saved_cause(dom->limits.interrupt_cause), scope(dom)
    {
    }
};

ClientCallScope::ClientCallScope(zts_domain *d, int64_t timeout_ms) : s_(std::make_unique<State>(d))
{
    int64_t budget = s_->saved_budget;
    if (timeout_ms > 0) {
        const int64_t timeout_us = std::min<int64_t>(timeout_ms, int64_t{1} << 40) * 1000;
        if (budget <= 0 || timeout_us < budget) {
            budget = timeout_us;
        }
    }
    // Its own budget and interrupt state: while paused the deadline is set aside (hold_deadline), and the paused
    // script's state must be the same when the evaluation returns.
    d->limits.budget_us = budget;
    d->limits.interrupt_cause = static_cast<int32_t>(InterruptCause::none);
    if (budget > 0) {
        start_budget(d);
    }
}

ClientCallScope::~ClientCallScope()
{
    zts_domain *d = s_->d;
    d->limits.budget_us = s_->saved_budget;
    d->limits.deadline_us = s_->saved_deadline;
    d->limits.interrupt_cause = s_->saved_cause;
}

} // namespace zts::seam
