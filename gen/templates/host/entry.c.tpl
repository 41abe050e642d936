% -- The names this file declares for itself end in "_" (t_, c_, key_, p_, syms_): spec
% -- names never do (gen/lua/fusegen/names.lua), so no argument or dim symbol hides them.
// generated from $(comment(op.file)) by fusegen: do not edit
// Entry point of $(op.op): check every argument, pick the kernel, launch it.
// Order: tensor descriptors, scalars, constraints, variant key (none of which
// needs a GPU), then the device and pointers, then the kernel for this GPU.
#include "fusegen_kernels.h"
#include "fusegen_params.h"

// Signature: the tensors' dims as symbols, their dtypes and access.
static const char* const syms_[] = {$(quoted_list(op.symbols))};
% for gi, g in ipairs(groups) do
static const int dtypes_$(g.name)[] = {$(table.concat(g.enums, ", "))};
% end
static const fg__dtype_group groups_[] = {
% for _, g in ipairs(groups) do
    {.name = "$(g.name)", .count = $(#g.enums), .dtypes = dtypes_$(g.name)},
% end
};
static const fg__tensor_sig tensors_[] = {
% for _, t in ipairs(op.tensors) do
%   local inplace = t.inplace_of and op.tensor_by_name[t.inplace_of]
    {.name = "$(t.name)", .access = FG__$(t.access:upper()), .optional = $(t.optional and 1 or 0),
     .inplace_of = $(inplace and (inplace.index .. " /* " .. inplace.name .. " */") or -1), .dtype_group = $(group_index[t.dtype]) /* $(t.dtype) */,
     .ndim = $(#t.dims), .optional_dims = $(t.optional_dims), .scalar_access = $(t.scalar_access and 1 or 0),
     .dims = {
%   for i, d in ipairs(dim_inits(t)) do
         $(d),  // $(comment(t.dims[i]))
%   end
     }},
% end
};
% for _, a in ipairs(op.axes) do
static const char* const values_$(a.name)[] = {$(quoted_list(a.values))};
% end
static const fg__axis_desc axis_desc_[] = {
% for _, a in ipairs(op.axes) do
    {.name = "$(a.name)", .count = $(#a.values), .values = values_$(a.name)},
% end
};
// Also read by fg__bytes_moved (the benchmark's byte count).
const fg__op_sig fg__$(op.op)_sig = {.fn = "fg_$(op.op)", .ntensors = $(#op.tensors), .tensors = tensors_,
                                   .nsyms = $(#op.symbols), .syms = syms_, .ngroups = $(#groups), .groups = groups_};

fg_status fg_$(op.op)($(prototype_args(op)))
{
    const DLTensor* t_[$(#op.tensors)] = {$(tensor_args(op))};
    fg__call c_;
    fg_status st_ = fg__check_call(&fg__$(op.op)_sig, t_, &c_);
    if (st_ != FG_OK) return st_;
% for i, sym in ipairs(op.symbols) do
    const int64_t $(sym) = c_.sym[$(i - 1)];
% end
% for _, sc in ipairs(op.scalars) do
%   if op.enums[sc.type] then
    if ((int)$(sc.name) < 0 || (int)$(sc.name) > $(#op.enums[sc.type] - 1))
        return fg__fail(FG_ERR_INVALID_ARGUMENT, "fg_$(op.op): $(sc.name) = %d is not a fg_$(sc.type) value", (int)$(sc.name));
%   end
% end
% for _, con in ipairs(op.constraints) do
    if (!($(con[1])))
        return fg__fail(FG_ERR_SHAPE, "fg_$(op.op): $(c_format(con[2])) ($(constraint_values(con[1])))"$(constraint_args(con[1])));
% end

    // The variant: one key entry per axis ($(axis_names(op))).
    const int VEC = 16 / fg__dtype_size(c_.dtype[0]);
    const int aligned16 = c_.aligned16;
    (void)VEC; (void)aligned16;
    int key_[$(#op.axes)];
% -- each axis's general value where it has one (a head size "any" where it
% -- applies, a rule's catch-all value): rare combinations are not built, and
% -- run through the general variant instead (fg__find_kernel_general)
% local any_general = false
% for _, a in ipairs(op.axes) do
%   if (a.kind == "symbol" and a.has_any) or (a.kind == "rule" and a.rule[#a.rule][2] == "1") then any_general = true end
% end
% if any_general then
    int general_[$(#op.axes)];
% end
% for i, a in ipairs(op.axes) do
%   if a.kind == "dtype" then
    switch (c_.dtype[$(op.tensor_by_name[a.arg].index)]) {
%     for j, val in ipairs(a.values) do
    case $(dtypes.info(val).c_enum): key_[$(i - 1)] = $(j - 1); break;
%     end
    default: return fg__fail(FG_ERR_DTYPE, "fg_$(op.op): $(a.arg) has dtype %s; supported: $(table.concat(a.values, ", "))", fg__dtype_name(c_.dtype[$(op.tensor_by_name[a.arg].index)]));
    }
%     if any_general then
    general_[$(i - 1)] = -1;
%     end
%   elseif a.kind == "symbol" then
    switch ($(a.arg)) {
%     for j, val in ipairs(a.values) do
%       if val ~= "any" then
    case $(val): key_[$(i - 1)] = $(j - 1); break;
%       end
%     end
%     if a.has_any then
    default:  // the general variant: $(a.arg) a run-time value
        if (!($(a.any_when) && $(a.arg) <= $(a.any_max)))
            return fg__fail(FG_ERR_UNSUPPORTED, "fg_$(op.op): $(a.arg) = %lld is not supported; built: $(table.concat(a.values, ", ", 1, #a.values - 1)) and any other with $(c_format(a.any_when)) up to $(a.any_max)", (long long)$(a.arg));
        key_[$(i - 1)] = $(#a.values - 1);
%     else
    default: return fg__fail(FG_ERR_UNSUPPORTED, "fg_$(op.op): $(a.arg) = %lld is not supported; built: $(table.concat(a.values, ", "))", (long long)$(a.arg));
%     end
    }
%     if any_general then
    general_[$(i - 1)] = $(a.has_any and ("%s && %s <= %d ? %d : -1"):format(a.any_when, a.arg, a.any_max, #a.values - 1) or "-1");
%     end
%   elseif a.kind == "scalar" then
    switch ((int)$(a.arg)) {
%     local enum = op.enums[op.scalar_by_name[a.arg].type]
%     for j, val in ipairs(a.values) do
    case FG_$(op.scalar_by_name[a.arg].type:upper())_$(val:upper()): key_[$(i - 1)] = $(j - 1); break;
%     end
    default: return fg__fail(FG_ERR_UNSUPPORTED, "fg_$(op.op): $(a.arg) = %d is not supported; built: $(table.concat(a.values, ", "))", (int)$(a.arg));
    }
%     if any_general then
    general_[$(i - 1)] = -1;
%     end
%   else
%     local catch_all = a.rule[#a.rule][2] == "1"
%     for j, r in ipairs(a.rule) do
%       if catch_all and j == #a.rule then
    else key_[$(i - 1)] = $(value_index(a, r[1]));  // $(r[1])
%       else
    $(j == 1 and "if" or "else if") ($(r[2])) key_[$(i - 1)] = $(value_index(a, r[1]));  // $(r[1])
%       end
%     end
%     if catch_all then
%     elseif a.doc then
    else return fg__fail(FG_ERR_INVALID_ARGUMENT, "fg_$(op.op): the arguments fit no $(a.name) form: $(c_format(a.doc))");
%     else
    else return fg__fail(FG_ERR_UNSUPPORTED, "fg_$(op.op): no value of $(a.name) applies");
%     end
%     if any_general then
    general_[$(i - 1)] = $(catch_all and value_index(a, a.rule[#a.rule][1]) or -1);
%     end
%   end
% end

    if (c_.empty) { fg__clear_error(); return FG_OK; }  // nothing to do: launch nothing
    st_ = fg__check_device(&fg__$(op.op)_sig, &c_, stream);
    if (st_ != FG_OK) return st_;
% if any_general then
    const fg__kernel_entry* e_ = fg__find_kernel_general(fg__$(op.op)_kernels, fg__$(op.op)_kernel_count, $(#op.axes), key_, general_, c_.cc, c_.model);
% else
    const fg__kernel_entry* e_ = fg__find_kernel(fg__$(op.op)_kernels, fg__$(op.op)_kernel_count, $(#op.axes), key_, c_.cc, c_.model);
% end
    if (!e_) return fg__no_kernel(&fg__$(op.op)_sig, key_, $(#op.axes), axis_desc_, c_.cc, "$(c_string(op.keep_doc or ""))");

    fg_$(op.op)_params p_;
% for i, t in ipairs(op.tensors) do
    p_.$(t.name) = $(t.access == "in" and "c_.data" or "(void*)c_.data")[$(i - 1)];
    fg__copy_strides(p_.$(t.name)_stride, c_.stride[$(i - 1)], $(#t.dims));
% end
% for _, sym in ipairs(op.symbols) do
    p_.$(sym) = $(sym);
% end
% for _, sc in ipairs(op.scalars) do
    p_.$(sc.name) = $(op.enums[sc.type] and "(int32_t)" or "")$(sc.name);
% end
    p_.inplace = c_.inplace;
    p_.index32 = c_.index32;
    return fg__launch(&fg__$(op.op)_sig, e_, &p_, &c_, stream);
}
