% -- Shared by the table stages indexed by position: the table row of token
% -- (b, s), positions[b, s] + position_offset, and row_ok: the row is in [0, P).
% local P = roles.positions
// |position|, |offset| < 2^62: their sum cannot overflow
const int64_t position = (int64_t)(($(tensors[P].ctype)*)p.$(P))[b * $(ix("p." .. P .. "_stride[0]")) + s * $(ix("p." .. P .. "_stride[1]"))];
const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
                  p.position_offset < (1LL << 62);
const int64_t row = sane ? position + p.position_offset : -1;
const bool row_ok = row >= 0 && row < p.P;
