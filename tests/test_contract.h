#ifndef TEST_CONTRACT_H
#define TEST_CONTRACT_H
#define CONTRACT_TESTS(X) X(test_contract_careless_specs)
void test_contract_careless_specs(void);
#endif
