% -- Shared by the table stages indexed by position: the table row of token
% -- (b, s), positions[b, s] + offset, and row_ok: the row is in [0, P).
% -- Variables: the stage's arg.positions and arg.offset, and angle_table (its table
% -- argument, whose first dim P counts the rows).
% local P, off = arg.positions, arg.offset.expr
// |position|, |offset| < 2^62: their sum cannot overflow
const int64_t position = (int64_t)(($(P.ctype)*)$(P.ptr))[b * $(ix(P.stride(0))) + s * $(ix(P.stride(1)))];
const bool sane = position > -(1LL << 62) && position < (1LL << 62) && $(off) > -(1LL << 62) &&
         $(off) < (1LL << 62);
const int64_t row = sane ? position + $(off) : -1;
const bool row_ok = row >= 0 && row < p.$(angle_table.tensor.parsed_dims[1].sym);
