% -- Stage rotate: rotate each pair by its angle, in fp32.
% --   interleaved: pair (2i, 2i+1) within a chunk, angle i
% --   half:        pair (i, i + R/2): xa holds i, xb holds i + R/2, angle i
// rotate ($(v.pairing) pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
% for u = 0, m.U - 1 do
%   for k = 0, m.NV - 1 do
%     if cg.open_if(rotate_guard(k)) then
%       if m.half then
%         for j = 0, m.C - 1 do
fg_rotate(xa[$(u)][$(k)][$(j)], xb[$(u)][$(k)][$(j)], cs[$(k)][$(j)], sn[$(k)][$(j)]);
%         end
%       else
%         for j = 0, m.C // 2 - 1 do
fg_rotate(xa[$(u)][$(k)][$(2 * j)], xa[$(u)][$(k)][$(2 * j + 1)], cs[$(k)][$(j)], sn[$(k)][$(j)]);
%         end
%       end
%     end
%   end
% end
